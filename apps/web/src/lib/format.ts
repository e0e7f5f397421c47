import { useMemo } from 'react';
import { useSelectedClient } from './selected-client.tsx';

export const fullName = (u: { basicInfo: { firstName: string; lastName: string }; email: string }) =>
  [u.basicInfo.firstName, u.basicInfo.lastName].filter(Boolean).join(' ') || u.email;

/**
 * Dates and numbers in the user's locale (the browser's) and the client's time zone.
 * An unknown or empty time zone falls back to the browser's own.
 */
function zone(timeZone?: string | null): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return timeZone;
  } catch {
    console.warn(`Unknown time zone "${timeZone}"; dates use the browser's`);
    return undefined;
  }
}

/**
 * Date and time with the time zone named, e.g. "Nov 23, 2026, 9:05 AM CST" in en-US: the one format
 * for a moment everywhere in the portal, so two screens never show the same event at different hours.
 */
export const formatDate = (iso: string | null | undefined, timeZone?: string | null) =>
  iso
    ? new Intl.DateTimeFormat(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
        timeZone: zone(timeZone),
      }).format(new Date(iso))
    : '';

/** A day in the user's locale, e.g. "Nov 23, 2026". */
export const formatDay = (iso: string | null | undefined, timeZone?: string | null) =>
  iso ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: zone(timeZone) }).format(new Date(iso)) : '';

/** The spec's MM/DD/YYYY (recruiting spec: reminder dates), in the client's time zone. */
const formatUsDay = (iso: string | null | undefined, timeZone?: string | null) =>
  iso ? new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: zone(timeZone) }).format(new Date(iso)) : '';

/** The calendar day (YYYY-MM-DD) of an instant in a time zone: a stable key for grouping by day. */
export const dayKey = (iso: string, timeZone?: string | null) =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone(timeZone) }).format(new Date(iso));

/** A whole number in the user's locale ("12,480"). */
const formatNumber = (n: number) => new Intl.NumberFormat().format(n);

/** The formatters bound to the selected client's time zone. */
export function useFormat() {
  const { client } = useSelectedClient();
  const tz = client?.timeZone ?? null;
  return useMemo(
    () => ({
      timeZone: tz,
      date: (iso: string | null | undefined) => formatDate(iso, tz),
      day: (iso: string | null | undefined) => formatDay(iso, tz),
      usDay: (iso: string | null | undefined) => formatUsDay(iso, tz),
      dayKey: (iso: string) => dayKey(iso, tz),
      number: formatNumber,
    }),
    [tz],
  );
}
