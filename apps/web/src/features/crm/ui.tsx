import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Pipeline statuses get stable colours by their position in the client's pipeline (dark shades: white text stays AA). */
const COLORS = ['blue.8', 'cyan.9', 'grape.8', 'orange.9', 'teal.9', 'red.8', 'indigo.8', 'lime.9', 'pink.8', 'yellow.9'];
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
