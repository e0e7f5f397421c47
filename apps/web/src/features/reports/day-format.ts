/*
 * Labels for the reports' days and figures. Apart from period.ts, whose zone check comes from the
 * contract's report schemas: Home shows a day label on its first load and needs none of those.
 */

import { formatCalendarDay } from '../../lib/format.ts';

/** "Mar 1, 2026" (en-US) for a YYYY-MM-DD day (a calendar day: no zone shift). */
export const dayLabel = (day: string) => formatCalendarDay(day, 'medium');

export const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)} %`);
export const daysText = (x: number | null) => (x === null ? '—' : `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(x)} d`);
