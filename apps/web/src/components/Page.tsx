import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconInbox, IconLock } from '@tabler/icons-react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api.ts';

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm" mt={4}>
            {description}
          </Text>
        ) : null}
      </div>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}

/** Skeleton rows while a list loads; a status region, so its "Loading" name is allowed (axe: aria-prohibited-attr on a bare div). */
export function LoadingRows({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} h={36} radius="sm" />
      ))}
    </Stack>
  );
}

/** Statuses a retry cannot change: bad input, no right, nothing there. */
const NO_RETRY = new Set([400, 403, 404]);

/**
 * A failed load. `error` is the failure itself (an ApiError carries the status); `message` replaces
 * its text with the spec's where one exists. "Try again" shows only when trying again can help:
 * a 403 says who can give access and that another client can be chosen, a 404 that the item is gone.
 */
export function ErrorState({ error, message, onRetry }: { error: unknown; message?: string; onRetry?: () => void }) {
  const status = error instanceof ApiError ? error.status : null;
  const text = message ?? (error instanceof Error ? error.message : 'An error occurred');
  if (status === 403) return <ForbiddenState message={error instanceof Error ? error.message : text} />;
  const gone = status === 404;
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={gone ? 'This could not be found' : 'Could not load this data'}
      role="alert"
      data-testid="error-state"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        {gone ? <Text size="sm">It may have been deleted, or the link is out of date. Go back to the list and open it from there.</Text> : null}
        {onRetry && !(status !== null && NO_RETRY.has(status)) ? (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** A 403: no retry (it would fail the same way); who can help, and the way to another client. */
function ForbiddenState({ message }: { message: string }) {
  return (
    <Alert color="orange" icon={<IconLock size={18} />} title="You do not have access to this" role="alert" data-testid="forbidden-state">
      <Stack gap={6} align="flex-start">
        <Text size="sm">{message}</Text>
        <Text size="sm">
          Ask an administrator or this client&apos;s account manager to give you access or to add the product to the client. If you work for more than one
          client, choose another one in the client menu at the top of the page.
        </Text>
        <Anchor component={Link} to="/" size="sm">
          Go to Home
        </Anchor>
      </Stack>
    </Alert>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md" ta="center">
      <Stack align="center" gap={6}>
        <IconInbox size={36} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text fw={600}>{title}</Text>
        {children ? (
          <Text size="sm" c="dimmed">
            {children}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A white card section. */
export function Section({ title, children, actions }: { title?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      {title || actions ? (
        <Group justify="space-between" mb="sm">
          {title ? (
            <Title order={2} size="h4">
              {title}
            </Title>
          ) : (
            <span />
          )}
          {actions}
        </Group>
      ) : null}
      {children}
    </Paper>
  );
}

/**
 * A list table: scrolls sideways below `minWidth` (usable at 700 px), striped, with a header row.
 * Children are the body rows. An empty header (a column of buttons) is named "Actions" for a screen
 * reader, unseen (axe empty-table-header).
 */
export function ListTable({
  minWidth,
  headers,
  hover = false,
  dense = false,
  children,
}: {
  minWidth: number;
  headers: string[];
  hover?: boolean;
  dense?: boolean;
  children: ReactNode;
}) {
  return (
    <ScrollTable minWidth={minWidth}>
      <Table striped highlightOnHover={hover} withTableBorder bg="white" verticalSpacing={dense ? 'xs' : undefined}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h}>{h || <VisuallyHidden>Actions</VisuallyHidden>}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * A table wider than the screen (a phone, or a window of 700 px): scrolls sideways with a visible cue (a line of
 * text and a fading right edge) while columns are hidden, and is keyboard-scrollable (focusable region).
 *
 * The cue's line must never move the table (a click on the alerts screen's Edit was lost that way): it
 * is there whenever the table is wider than its box, measured before the first paint, and a sideways
 * scroll only changes its wording and the fade. When the line came and went with the scroll position,
 * scrolling to the last column (where the Edit buttons are) lifted every row by a line one render
 * later, and a press that landed before that render was released on another element: no click.
 */
export function ScrollTable({ minWidth, label = 'Table', children }: { minWidth: number; label?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [wide, setWide] = useState(false);
  const [more, setMore] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => {
      const hidden = el.scrollWidth - el.clientWidth;
      setWide(hidden > 2);
      setMore(hidden - el.scrollLeft > 2);
    };
    check();
    el.addEventListener('scroll', check, { passive: true });
    const ro = new ResizeObserver(check);
    ro.observe(el);
    // The table itself can grow past minWidth when new rows arrive.
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', check);
      ro.disconnect();
    };
  }, []);
  return (
    <div style={{ position: 'relative' }}>
      {wide ? (
        <Text size="xs" c="dimmed" mb={4} data-testid="scroll-cue">
          {more ? 'Scroll sideways for more columns →' : '← Scroll sideways for the first columns'}
        </Text>
      ) : null}
      {/* position: relative makes the region the containing block of absolutely placed content (a
          visually hidden label in a far column), which otherwise escapes the scroll and widens the page. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region must be reachable by keyboard */}
      <section ref={ref} aria-label={`${label} (scrolls sideways)`} tabIndex={0} style={{ overflowX: 'auto', position: 'relative' }} className="scroll-table">
        <div style={{ minWidth }}>{children}</div>
      </section>
      {more ? <div aria-hidden className="scroll-table-fade" /> : null}
    </div>
  );
}
