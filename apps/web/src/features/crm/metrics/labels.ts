import { useMemo } from 'react';

const SOURCES: Record<string, string> = {
  careersite: 'Career site',
  indeed: 'Indeed',
  manual: 'Added by hand',
  import: 'Import',
  referral: 'Referral',
  recruiter: 'Recruiter',
  linkedin: 'LinkedIn',
};
/** A response source as a person reads it (the client's own sources keep their names). */
export const sourceLabel = (s: string) => SOURCES[s] ?? s;

/** A YYYY-MM-DD day as a short date in the user's locale (the day itself, not shifted by a time zone). */
export function useDayFormat() {
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    return (day: string) => (day ? f.format(new Date(`${day}T00:00:00Z`)) : '');
  }, []);
}
