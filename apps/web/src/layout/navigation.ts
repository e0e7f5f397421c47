import type { Client } from '@hh/contract/clients';
import type { NavItem, Product } from '../lib/nav.ts';

/**
 * The sidebar, grouped by task (what a recruiter sets out to do) instead of by product name. Each
 * entry names the screen in words and points at a path that a feature registers: the screens come
 * from the features' route files (their `nav` lists say which product each screen belongs to), so an
 * entry shows only when its screen exists and the selected client subscribes to that product. A screen
 * a feature registers that no group lists lands in the group of its product, so nothing disappears.
 */
export type GroupId = 'jobs' | 'candidates' | 'conversations' | 'interviews' | 'career-site' | 'campaigns' | 'video-profiles' | 'reports';

export interface EntryDef {
  label: string;
  /** Alternatives: the first whose product the client has is used (e.g. Candidates under Harvest or Media). */
  paths: string[];
}
export interface GroupDef {
  id: GroupId;
  label: string;
  entries: EntryDef[];
}

/** Core spec §4: the conversations entry carries the unread badge and shows only while SMS is on. */
export const CONVERSATIONS = '/cultivate/conversations';

export const groupDefs: GroupDef[] = [
  {
    id: 'jobs',
    label: 'Jobs',
    entries: [
      { label: 'All jobs', paths: ['/harvest/jobs'] },
      { label: 'Requisitions', paths: ['/cultivate/requisitions'] },
      { label: 'Job imports', paths: ['/harvest/jobs/imports'] },
      { label: 'Departments and categories', paths: ['/harvest/departments'] },
      { label: 'Prequalification questions', paths: ['/harvest/prequalification'] },
    ],
  },
  {
    id: 'candidates',
    label: 'Candidates',
    entries: [
      { label: 'Applications', paths: ['/harvest/applications'] },
      { label: 'All candidates', paths: ['/harvest/cultivate/candidates', '/harvest/media/candidates'] },
      { label: 'Candidate alerts', paths: ['/crm-alerts-setup'] },
    ],
  },
  { id: 'conversations', label: 'Conversations', entries: [{ label: 'Conversations', paths: [CONVERSATIONS] }] },
  { id: 'interviews', label: 'Interviews', entries: [] },
  {
    id: 'career-site',
    label: 'Career site',
    entries: [
      { label: 'Pages and design', paths: ['/harvest/editor'] },
      { label: 'Meet the team page', paths: ['/wave/meet-the-team-setup'] },
      { label: 'Motivators', paths: ['/harvest/motivator'] },
      { label: 'Motivator search page', paths: ['/harvest/motivator/motivator-search'] },
    ],
  },
  {
    id: 'campaigns',
    label: 'Campaigns',
    entries: [
      { label: 'Email campaigns', paths: ['/harvest/cultivate/campaigns'] },
      { label: 'Media planner', paths: ['/harvest/media/planner'] },
      { label: 'Indeed Apply', paths: ['/harvest/media/indeed-apply/configure', '/harvest/cultivate/indeed-apply/configure'] },
    ],
  },
  {
    id: 'video-profiles',
    label: 'Video profiles',
    entries: [
      { label: 'Video overview', paths: ['/wave/dashboard'] },
      { label: 'Assign profiles', paths: ['/wave/assign-profiles'] },
      { label: 'Edit profiles', paths: ['/wave/edit-profiles'] },
      { label: 'Publish profiles', paths: ['/wave/publish-profiles'] },
      { label: 'Widget setup', paths: ['/wave/widget-setup'] },
      { label: 'My video profile', paths: ['/settings/wave-profile'] },
    ],
  },
  {
    id: 'reports',
    label: 'Reports',
    entries: [
      { label: 'Jobs dashboard', paths: ['/harvest/dashboard'] },
      { label: 'Candidate growth', paths: ['/crm-growth-metrics'] },
      { label: 'Alert activity', paths: ['/crm-alerts-metrics'] },
    ],
  },
];

/** Where a screen that no group lists goes: the group of its product. */
const productGroup: Record<Product, GroupId> = {
  harvest: 'jobs',
  cultivate: 'candidates',
  wave: 'video-profiles',
  motivator: 'career-site',
  media: 'campaigns',
};

export interface NavEntry {
  label: string;
  to: string;
}
export interface NavGroup {
  id: GroupId;
  label: string;
  entries: NavEntry[];
}

function smsEnabled(client: Client | null) {
  const sms = (client?.integrations as { twilioSms?: { enabled?: boolean } } | undefined)?.twilioSms;
  return sms?.enabled === true;
}

/**
 * The groups the selected client sees: an entry is listed once, at the first of its paths whose screen
 * exists and whose product the client has; empty groups are left out.
 */
export function visibleGroups(screens: NavItem[], client: Client | null, always: Partial<Record<GroupId, NavEntry[]>> = {}): NavGroup[] {
  const subs = (client?.subscriptions ?? {}) as Partial<Record<Product, boolean>>;
  const sms = smsEnabled(client);
  const byPath = new Map(screens.map((s) => [s.to, s]));
  const usable = (path: string) => {
    const s = byPath.get(path);
    return !!s && !!subs[s.product] && (path !== CONVERSATIONS || sms);
  };
  const listed = new Set(groupDefs.flatMap((g) => g.entries.flatMap((e) => e.paths)));
  const extra = screens.filter((s) => !listed.has(s.to) && !s.to.startsWith('/settings') && usable(s.to));
  const out: NavGroup[] = [];
  for (const g of groupDefs) {
    const entries: NavEntry[] = [];
    for (const e of g.entries) {
      const to = e.paths.find(usable);
      if (to) entries.push({ label: e.label, to });
    }
    for (const s of extra) if (productGroup[s.product] === g.id && !entries.some((x) => x.to === s.to)) entries.push({ label: s.label, to: s.to });
    entries.push(...(always[g.id] ?? []));
    if (entries.length) out.push({ id: g.id, label: g.label, entries });
  }
  return out;
}
