import type { ConversationMessage } from '@hh/contract/conversations';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconMail, IconMessage, IconPaperclip } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { RichTextView } from '../../components/RichTextView.tsx';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { DeliveryState } from './DeliveryState.tsx';
import { downloadAttachment } from './download.ts';

/**
 * A thread's messages, oldest first like a chat: the candidate's on the left, ours on the right with
 * who sent them and their delivery state. The newest is scrolled into view.
 */
export function MessageList({ messages, candidateName }: { messages: ConversationMessage[]; candidateName: string }) {
  const fmt = useFormat();
  const { clientId } = useSelectedClient();
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?._id;
  useEffect(() => {
    if (last) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [last]);
  if (!messages.length) {
    return (
      <Text size="sm" c="gray.7" ta="center" py="xl">
        No messages yet. Write the first one below.
      </Text>
    );
  }
  return (
    <>
      <Stack gap="sm" component="ol" aria-label="Messages" style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="message-list">
        {messages.map((m) => {
          const ours = m.direction === 'out';
          return (
            <li key={m._id} style={{ display: 'flex', justifyContent: ours ? 'flex-end' : 'flex-start' }} data-testid="message" data-direction={m.direction}>
              <Paper
                withBorder
                p="sm"
                radius="md"
                maw="min(85%, 640px)"
                bg={ours ? 'var(--mantine-color-blue-0)' : 'white'}
                style={{ overflowWrap: 'anywhere' }}
              >
                <Group gap={6} mb={4} wrap="wrap">
                  {m.channel === 'sms' ? <IconMessage size={14} aria-hidden /> : <IconMail size={14} aria-hidden />}
                  <Text size="xs" fw={600}>
                    {ours ? (m.authorName ?? 'You') : candidateName}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {m.channel === 'sms' ? 'SMS' : 'Email'} · {fmt.date(m.sentAt ?? m.createdAt)}
                  </Text>
                </Group>
                {m.subject ? (
                  <Text size="sm" fw={600} mb={4}>
                    {m.subject}
                  </Text>
                ) : null}
                {m.bodyHtml ? (
                  <div className="message-body" style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
                    <RichTextView value={m.bodyHtml} />
                  </div>
                ) : (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {m.bodyText}
                  </Text>
                )}
                {m.attachments.length ? (
                  <Stack gap={2} mt={6}>
                    {m.attachments.map((a) => (
                      <Group key={a._id} gap={4} wrap="nowrap" data-testid="attachment">
                        <IconPaperclip size={14} aria-hidden />
                        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                          {a.filename} ({Math.max(1, Math.round(a.sizeBytes / 1024))} KB)
                        </Text>
                        {clientId ? (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            leftSection={<IconDownload size={12} aria-hidden />}
                            aria-label={`Download ${a.filename}`}
                            onClick={() => downloadAttachment(clientId, a).catch((e: Error) => notify.error(e.message))}
                          >
                            Download
                          </Button>
                        ) : null}
                      </Group>
                    ))}
                  </Stack>
                ) : null}
                {ours ? (
                  <div style={{ marginTop: 6 }}>
                    <DeliveryState m={m} />
                  </div>
                ) : null}
              </Paper>
            </li>
          );
        })}
      </Stack>
      <div ref={end} />
    </>
  );
}
