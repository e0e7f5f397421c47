import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { type CampaignEntity, formatDateTime } from './hooks.ts';

const STATUS: Record<CampaignEntity['status'], { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray.7' },
  sending: { label: 'Sending', color: 'orange.9' },
  sent: { label: 'Sent', color: 'teal.9' },
};
export const StatusBadge = ({ status }: { status: CampaignEntity['status'] }) => (
  <Badge color={STATUS[status].color} variant="filled">
    {STATUS[status].label}
  </Badge>
);

/** Sent / total while a campaign goes out, and what was skipped. */
export function SendProgress({ c }: { c: CampaignEntity }) {
  const pct = c.totalCount ? Math.round((c.sentCount / c.totalCount) * 100) : 100;
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text fw={600} role="status" data-testid="campaign-progress">
          {c.status === 'sent' ? `Sent to ${c.sentCount} of ${c.totalCount}` : `Sending: ${c.sentCount} / ${c.totalCount}`}
        </Text>
        <Text size="sm" c="gray.7">
          {c.status === 'sent' ? `Finished ${formatDateTime(c.sentAt)}` : `Started ${formatDateTime(c.startedAt)}`}
        </Text>
      </Group>
      <Progress value={pct} aria-label="Sending progress" animated={c.status === 'sending'} />
    </Stack>
  );
}
