import type { Client } from '@hh/contract/clients';
import { productRank } from '@hh/contract/role-rank';
import type { User } from '@hh/contract/users';
import type { RouteObject } from 'react-router';
import type { GroupId, NavHandle, Product } from '../lib/nav.ts';

/**
 * The sidebar, read from the router's entries: every route whose `handle` carries a `nav` (see
 * lib/nav.ts) is a link, in its section, at its position. Nothing else lists the screens, so a screen
 * is listed exactly where it is registered. Here live only the groups' names and order.
 */
export const groups: Array<{ id: GroupId; label: string }> = [
  { id: 'jobs', label: 'Jobs' },
  { id: 'candidates', label: 'Candidates' },
  { id: 'conversations', label: 'Conversations' },
  { id: 'interviews', label: 'Interviews' },
  { id: 'career-site', label: 'Career site' },
  { id: 'campaigns', label: 'Campaigns' },
  { id: 'video-profiles', label: 'Video profiles' },
  { id: 'reports', label: 'Reports' },
];

/** A route entry's sidebar link with the address it opens. */
export interface NavLinkDef extends NavHandle {
  to: string;
}

/** Every sidebar link the route entries declare, with their full addresses, in the router's order. */
export function navLinks(routes: RouteObject[], base = ''): NavLinkDef[] {
  const out: NavLinkDef[] = [];
  for (const r of routes) {
    const path = r.index ? base : r.path ? `${base}/${r.path}` : base;
    const nav = (r.handle as { nav?: NavHandle } | undefined)?.nav;
    if (nav) out.push({ ...nav, to: path || '/' });
    if (r.children) out.push(...navLinks(r.children, path));
  }
  return out;
}

export interface NavEntry {
  label: string;
  to: string;
  icon?: NavHandle['icon'];
  covers?: string[];
}
interface NavGroup {
  id: GroupId;
  label: string;
  entries: NavEntry[];
}
export interface VisibleNav {
  start: NavEntry[];
  groups: NavGroup[];
  end: NavEntry[];
}

function smsEnabled(client: Client | null) {
  const sms = (client?.integrations as { twilioSms?: { enabled?: boolean } } | undefined)?.twilioSms;
  return sms?.enabled === true;
}

/**
 * Whether the user may read the client's candidates and the reports built from them: a manager, or
 * staff with a Harvest or Cultivate role (member or above), the server's CANDIDATE_READERS and REPORT_READERS.
 */
export const mayReadCandidates = (user: User) =>
  user.userTypeGlobal === 'admin' ||
  user.userTypeGlobal === 'recruiter' ||
  productRank[user.userTypeHarvest] >= productRank.member ||
  productRank[user.userTypeCultivate] >= productRank.member;

/** Whether the user may read the client's conversations: a manager, or staff with a Cultivate role (member or above). */
export const mayConverse = (user: User) =>
  user.userTypeGlobal === 'admin' || user.userTypeGlobal === 'recruiter' || productRank[user.userTypeCultivate] >= productRank.member;

/**
 * The links this user sees for the selected client: a link shows when its product is one the client
 * subscribes to and its gate lets the user through. Links of one section with the same label are
 * alternatives (All candidates under Harvest or Media): the first that shows is listed. Empty groups
 * are left out.
 */
export function visibleNav(links: NavLinkDef[], client: Client | null, manager: boolean, converses: boolean): VisibleNav {
  const subs = (client?.subscriptions ?? {}) as Partial<Record<Product, boolean>>;
  const sms = smsEnabled(client);
  const shows = (l: NavLinkDef) => (!l.product || !!subs[l.product]) && (l.gate !== 'manager' || manager) && (l.gate !== 'sms' || sms);
  const section = (id: NavLinkDef['section']): NavEntry[] => {
    const entries: NavEntry[] = [];
    for (const l of links.filter((x) => x.section === id && shows(x)).sort((a, b) => a.order - b.order)) {
      if (!entries.some((e) => e.label === l.label || e.to === l.to)) entries.push({ label: l.label, to: l.to, icon: l.icon, covers: l.covers });
    }
    return entries;
  };
  return {
    start: section('start'),
    // Conversations need a Cultivate role (the server's rule for the inbox and its unread count).
    groups: groups
      .filter((g) => g.id !== 'conversations' || converses)
      .map((g) => ({ ...g, entries: section(g.id) }))
      .filter((g) => g.entries.length > 0),
    end: section('end'),
  };
}
