import { deliveryLabels } from '@hh/contract/labels';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconChecks, IconClock, IconEye, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useFormat } from '../../lib/format.ts';

/** A message's delivery state as the thread shows it. */
export interface DeliveryFacts {
  direction: 'in' | 'out';
  channel: 'email' | 'sms';
  status: 'queued' | 'scheduled' | 'sent' | 'delivered' | 'failed' | 'received';
  failureReason?: string | null;
  sendAt?: string | null;
  openedAt?: string | null;
}

const looks: Record<DeliveryFacts['status'], { label: string; color: string; icon: ReactNode }> = {
  queued: { label: deliveryLabels.queued, color: 'gray', icon: <IconClock size={12} /> },
  scheduled: { label: deliveryLabels.scheduled, color: 'violet', icon: <IconClock size={12} /> },
  sent: { label: deliveryLabels.sent, color: 'blue', icon: <IconCheck size={12} /> },
  delivered: { label: deliveryLabels.delivered, color: 'teal', icon: <IconChecks size={12} /> },
  failed: { label: deliveryLabels.failed, color: 'red', icon: <IconAlertTriangle size={12} /> },
  received: { label: deliveryLabels.received, color: 'gray', icon: <IconInbox size={12} /> },
};

/**
 * Where an outgoing message is: queued, scheduled (with its time), sent, delivered, opened (email,
 * where the mail client told us), or failed with the reason. Badges use the dark shade of each colour
 * on its light background (AA contrast).
 */
export function DeliveryState({ m }: { m: DeliveryFacts }) {
  const fmt = useFormat();
  const look = looks[m.status];
  const opened = m.channel === 'email' && m.direction === 'out' && m.openedAt;
  return (
    <Group gap={6} wrap="wrap" data-testid="delivery-state" data-status={opened ? 'opened' : m.status}>
      {opened ? (
        <Tooltip label={`Opened ${fmt.date(m.openedAt)}`}>
          <Badge size="sm" variant="light" color="teal" c="teal.9" leftSection={<IconEye size={12} />}>
            Opened
          </Badge>
        </Tooltip>
      ) : (
        <Badge size="sm" variant="light" color={look.color} c={`${look.color}.9`} leftSection={look.icon}>
          {look.label}
        </Badge>
      )}
      {m.status === 'scheduled' && m.sendAt ? (
        <Text size="xs" c="gray.7">
          Goes out {fmt.date(m.sendAt)}
        </Text>
      ) : null}
      {m.status === 'failed' ? (
        <Text size="xs" c="red.9" data-testid="failure-reason">
          {m.failureReason || 'The provider gave no reason.'}
        </Text>
      ) : null}
    </Group>
  );
}
