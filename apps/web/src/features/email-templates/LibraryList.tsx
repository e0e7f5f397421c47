import { conversationMergeFieldLabels } from '@hh/contract/conversations';
import type { EmailTemplate } from '@hh/contract/team';
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { EmptyState } from '../../components/Page.tsx';
import { useFormat } from '../../lib/format.ts';

const labels: Record<string, string> = conversationMergeFieldLabels;

/** The library's templates as cards (name, subject with its merge fields in words, last change); the open one is marked. */
export function LibraryList({
  library,
  open,
  onOpen,
  editorAllowed,
}: {
  library: EmailTemplate[];
  open: string | null;
  onOpen: (t: EmailTemplate) => void;
  editorAllowed: boolean;
}) {
  const fmt = useFormat();
  return library.length ? (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" aria-label="Templates" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {library.map((t) => (
        <li key={t._id}>
          <UnstyledButton onClick={() => onOpen(t)} aria-current={open === t._id ? 'true' : undefined} data-testid="library-item" w="100%" h="100%">
            <Paper
              withBorder
              p="sm"
              h="100%"
              style={open === t._id ? { borderColor: 'var(--mantine-color-brand-7)', boxShadow: '0 0 0 1px var(--mantine-color-brand-7)' } : undefined}
            >
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t.name}
              </Text>
              <Text size="xs" c="gray.7" lineClamp={1}>
                Subject: {t.subject.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, f: string) => `[${labels[f] ?? f}]`)}
              </Text>
              <Text size="xs" c="gray.7">
                Changed {fmt.date(t.updatedAt)}
              </Text>
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </SimpleGrid>
  ) : (
    <EmptyState title="No templates yet">
      {editorAllowed
        ? 'Make one with New template: a welcome, an interview invitation, a follow-up. Recruiters pick it in the message composer.'
        : 'Editors of your company make templates here; recruiters pick them in the message composer.'}
    </EmptyState>
  );
}

/** Asks before a template leaves the library; messages already sent from it are not touched. */
export function DeleteTemplate(props: { opened: boolean; name: string; deleting: boolean; onKeep: () => void; onDelete: () => void }) {
  return (
    <Modal opened={props.opened} onClose={props.onKeep} title="Delete this template?">
      <Stack>
        <Text size="sm">“{props.name}” leaves the library. Messages already sent from it stay as they were.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onKeep}>
            Keep it
          </Button>
          <Button color="red.8" loading={props.deleting} onClick={props.onDelete} data-testid="library-delete-confirm">
            Delete template
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
