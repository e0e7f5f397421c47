import type { ConversationThread } from '@hh/contract/conversations';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMail, IconMessage } from '@tabler/icons-react';
import { useFormat } from '../../lib/format.ts';

/** The threads, newest first as the server orders them; an unread thread is bold with its count. */
export function ThreadList({ threads, current, onOpen }: { threads: ConversationThread[]; current: string | null; onOpen: (id: string) => void }) {
  const fmt = useFormat();
  return (
    <Stack gap={0} component="ul" aria-label="Conversations" style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="thread-list">
      {threads.map((t) => {
        const unread = t.unreadCount > 0;
        const active = t._id === current;
        const name = `${t.candidate.firstName} ${t.candidate.lastName}`.trim() || t.candidate.email;
        return (
          <li key={t._id}>
            <UnstyledButton
              onClick={() => onOpen(t._id)}
              aria-current={active ? 'true' : undefined}
              data-testid="thread-row"
              data-unread={unread ? 'true' : 'false'}
              w="100%"
              p="sm"
              style={{
                borderBottom: '1px solid var(--mantine-color-gray-2)',
                background: active ? 'var(--mantine-color-blue-0)' : undefined,
                borderLeft: `3px solid ${active ? 'var(--mantine-color-blue-7)' : 'transparent'}`,
              }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={unread ? 700 : 500} truncate>
                  {name}
                </Text>
                <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                  {t.lastMessageAt ? fmt.day(t.lastMessageAt) : ''}
                </Text>
              </Group>
              <Group gap={6} wrap="nowrap" mt={2}>
                {t.lastChannel === 'sms' ? (
                  <IconMessage size={14} aria-label="SMS" color="#495057" />
                ) : t.lastChannel === 'email' ? (
                  <IconMail size={14} aria-label="Email" color="#495057" />
                ) : null}
                <Text size="sm" c={unread ? 'dark.9' : 'gray.7'} fw={unread ? 600 : 400} truncate style={{ flex: 1 }}>
                  {t.lastDirection === 'out' ? 'You: ' : ''}
                  {t.lastPreview || 'No messages yet'}
                </Text>
                {unread ? (
                  <Badge size="sm" color="red.8" circle={t.unreadCount < 10} aria-label={`${t.unreadCount} unread`}>
                    {t.unreadCount > 9 ? '9+' : t.unreadCount}
                  </Badge>
                ) : null}
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
