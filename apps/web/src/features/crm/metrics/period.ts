import { crmRoutes, type RespondentMetrics } from '@hh/contract/crm';
import { useState } from 'react';
import { useApiQuery } from '../../../lib/query.ts';

export type { RespondentMetrics };

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
export const today = () => iso(Date.now());

export interface Period {
  preset: string;
  from: string;
  to: string;
}
/** The presets of the period picker, in days (custom: the two date fields). */
export const PRESETS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'custom', label: 'Custom' },
];
export function presetPeriod(days: number): Period {
  const to = today();
  return { preset: String(days), from: iso(Date.parse(to) - (days - 1) * DAY), to };
}

/** The selected period and the metrics for it (one query per client and period). */
export function useMetrics(clientId: string | null) {
  const [period, setPeriod] = useState<Period>(() => presetPeriod(30));
  const valid = !!period.from && !!period.to && period.from <= period.to;
  const q = useApiQuery(
    crmRoutes.getRespondentMetrics,
    { query: { clientId: clientId ?? '', from: period.from, to: period.to } },
    { enabled: !!clientId && valid, placeholderData: (prev) => prev },
  );
  return { period, setPeriod, valid, q };
}

/** Every day of the period (both ends), so that quiet days show as zero instead of vanishing. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to) && out.length < 800; t += DAY) out.push(iso(t));
  return out;
}

/**
 * Rows per bucket for a chart: by day up to 92 days, by week (starting on the period's first day)
 * beyond, so a long period stays readable. `keys` are the series; missing ones are 0.
 */
export function bucketRows(from: string, to: string, points: Array<{ date: string; key: string; count: number }>, keys: string[]) {
  const days = daysOf(from, to);
  const step = days.length > 92 ? 7 : 1;
  const rows: Array<Record<string, string | number>> = [];
  const index = new Map<string, Record<string, string | number>>();
  days.forEach((d, i) => {
    if (i % step === 0) {
      const row: Record<string, string | number> = { date: d };
      for (const k of keys) row[k] = 0;
      rows.push(row);
    }
    index.set(d, rows[rows.length - 1]);
  });
  for (const p of points) {
    const row = index.get(p.date);
    if (row) row[p.key] = Number(row[p.key] ?? 0) + p.count;
  }
  return { rows, weekly: step === 7 };
}

/** "3.5 h", "2.1 days": hours as a person reads them. */
export function formatHours(h: number | null, locale?: string): string {
  if (h === null) return '—';
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (h < 1) return `${nf.format(Math.round(h * 60))} min`;
  if (h < 48) return `${nf.format(h)} h`;
  return `${nf.format(h / 24)} days`;
}
