import type { ReactNode } from 'react';

/** Products a client subscribes to; a screen of one is listed only for a client that has it. */
export type Product = 'harvest' | 'cultivate' | 'wave' | 'motivator' | 'media';

/** The sidebar's groups, by task (what a recruiter sets out to do) instead of by product name. */
export type GroupId = 'jobs' | 'candidates' | 'conversations' | 'interviews' | 'career-site' | 'campaigns' | 'video-profiles' | 'reports';

/** Where a link sits in the sidebar: above the groups (`start`), in a group, or below them (`end`). */
export type NavSection = 'start' | GroupId | 'end';

/**
 * What a route entry says about its sidebar link, as `handle: navHandle({...})`. The sidebar is read
 * from the router's entries, so a screen is listed where it is registered and nowhere else; a route
 * without one has no link.
 */
export interface NavHandle {
  label: string;
  section: NavSection;
  /** Position within its section (smallest first). */
  order: number;
  /** Listed only when the selected client subscribes to this product; none: for every client. */
  product?: Product;
  /** `manager`: only for global admins and recruiters; `sms`: only while the client's SMS integration is on (core §4). */
  gate?: 'manager' | 'sms';
  /** Other screens on which this link is the current one (Settings covers the team, the question bank…). */
  covers?: string[];
  icon?: ReactNode;
}

/** A route entry's `handle` carrying its sidebar link. */
export const navHandle = (nav: NavHandle) => ({ nav });
