import { type TemplateKind, templateKindLabels, templateKinds } from '@hh/contract/team';
import { Badge, Group, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';

const descriptions: Record<TemplateKind, string> = {
  invitation: 'Sent to people invited to the team, with their single-use link.',
  applicationReceived: 'Sent to a candidate right after they apply.',
  profileRejected: 'Sent to an employee when their Wave profile is not approved.',
  referral: 'Sent to a candidate a recruiter refers to one of your jobs.',
  followUp: 'Sent to a recruiter on the day of a follow-up reminder.',
  campaign: 'Sent to candidates in an email campaign.',
};

/** The emails a client can word, each marked Custom (its own text) or Default (the product's); one is chosen. */
export function TemplateKinds({ kind, custom, onChoose }: { kind: TemplateKind; custom: string[]; onChoose: (k: TemplateKind) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm" role="group" aria-label="Emails">
      {templateKinds.map((k) => {
        const own = custom.includes(k);
        const active = k === kind;
        return (
          <UnstyledButton key={k} onClick={() => onChoose(k)} aria-pressed={active} data-testid={`template-kind-${k}`}>
            <Paper
              withBorder
              p="sm"
              h="100%"
              style={active ? { borderColor: 'var(--mantine-color-brand-7)', boxShadow: '0 0 0 1px var(--mantine-color-brand-7)' } : undefined}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm">
                  {templateKindLabels[k]}
                </Text>
                <Badge size="sm" variant={own ? 'filled' : 'light'} color={own ? 'teal.9' : 'gray'} c={own ? undefined : 'dark.8'}>
                  {own ? 'Custom' : 'Default'}
                </Badge>
              </Group>
              <Text size="xs" c="gray.7" mt={4}>
                {descriptions[k]}
              </Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
