/** What other features use from reports: the period helpers (Home's applications figure names the same days). */
export { dayLabel, lastDays, zoneOfClient } from './period.ts';
