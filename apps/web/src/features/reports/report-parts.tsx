import { type ReportMetric, type ReportReply, reportsRoutes } from '@hh/contract/reports';
import { Button, Paper, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useApiQuery } from '../../lib/query.ts';
import { downloadCsv } from './download.ts';
import { pct } from './period.ts';

export type Scope = { clientId: string; from: string; to: string; timeZone: string; jobId?: string };

export function useReport(metric: ReportMetric, scope: Scope | null) {
  return useApiQuery(reportsRoutes.get, { params: { metric }, query: scope ?? { clientId: '' } }, { enabled: !!scope, placeholderData: (prev) => prev });
}

/** A number that opens the applications behind it. */
export function Figure({ children, label, onOpen, disabled }: { children: React.ReactNode; label: string; onOpen: () => void; disabled?: boolean }) {
  if (disabled) return <>{children}</>;
  return (
    <UnstyledButton onClick={onOpen} aria-label={label} c="#0C74E4" td="underline" fw={600}>
      {children}
    </UnstyledButton>
  );
}

export function Tile({ label, value, hint, onOpen, testId }: { label: string; value: string; hint: string; onOpen?: () => void; testId: string }) {
  const body = (
    <>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </>
  );
  return (
    <Paper withBorder p="md" radius="md">
      {onOpen ? (
        // The visible text is the button's name (what a voice user says), with what it does added for screen readers.
        <UnstyledButton onClick={onOpen} w="100%">
          {body}
          <VisuallyHidden>Show the applications behind it</VisuallyHidden>
        </UnstyledButton>
      ) : (
        body
      )}
    </Paper>
  );
}

export function ExportButton({ metric, scope }: { metric: ReportMetric; scope: Scope }) {
  return (
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconDownload size={14} />}
      onClick={() =>
        downloadCsv(reportsRoutes.get, metric, scope, `${metric}-${scope.from}-to-${scope.to}.csv`).catch((e: Error) =>
          notifications.show({ color: 'red', message: e.message }),
        )
      }
    >
      Export CSV
    </Button>
  );
}

/** Source of hire: hires per source, each count opening its applications. */
export function SourceTable({ rows, onOpen }: { rows: ReportReply; onOpen: (key: string, label: string) => void }) {
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Source</Table.Th>
          <Table.Th>Hires</Table.Th>
          <Table.Th>Share</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td>{r.label}</Table.Td>
            <Table.Td>
              <Figure label={`${r.count} hires from ${r.label}: show them`} onOpen={() => onOpen(r.key, r.label)}>
                {r.count}
              </Figure>
            </Table.Td>
            <Table.Td>{pct(r.value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
