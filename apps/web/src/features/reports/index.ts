/** What other features use from reports: the period helpers (Home's applications figure names the same days). */
export { dayLabel } from './day-format.ts';
export { lastDays, zoneOfClient } from './period.ts';
/** A light bar chart of counts (Home's candidate funnel), readable as a table by screen readers. */
export { type FunnelStep, FunnelChart } from './FunnelChart.tsx';
