import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Pipeline statuses get stable colours by their position in the client's pipeline. Each is at least
 * 4.9:1 with the badge's white text (WCAG AA): Mantine's orange.9 (4.3), red.8 (4.5), lime.9 (3.7) and
 * yellow.9 (3.0) were not, and axe found them once the demo CRM had candidates at later stages.
 */
const COLORS = ['blue.8', 'cyan.9', 'grape.8', '#c2410c', 'teal.9', 'red.9', 'indigo.8', '#4d7c0f', 'pink.8', '#a16207'];
export const statusColor = (statuses: string[], s: string) => COLORS[Math.max(0, statuses.indexOf(s)) % COLORS.length];

/** Accessible names for the pager's arrow buttons. */
export const pagerLabels = (control: 'first' | 'previous' | 'last' | 'next') =>
  ({ 'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control] }) as Record<string, string>;

/** Secondary text dark enough for AA on white (the shared "dimmed" grey is 3.3:1). */
export function AaText({ children }: { children: ReactNode }) {
  return (
    <Text span inherit c="gray.7">
      {children}
    </Text>
  );
}
