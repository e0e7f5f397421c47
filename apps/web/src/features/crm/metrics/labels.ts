import { labelOf, sourceLabels } from '@hh/contract/labels';
import { useMemo } from 'react';
import { formatCalendarDay } from '../../../lib/format.ts';

/** A response source in the contract's words (the one table every screen reads). */
export const sourceLabel = (s: string) => labelOf(sourceLabels, s);

/** A YYYY-MM-DD day as a short date in the user's locale (the day itself, not shifted by a time zone). */
export function useDayFormat() {
  return useMemo(() => {
    return (day: string) => formatCalendarDay(day, 'short');
  }, []);
}
