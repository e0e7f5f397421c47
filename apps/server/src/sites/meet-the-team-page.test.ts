import type { PublicProfile } from '@hh/contract/widgets';
import { describe, expect, it } from 'vitest';
import { groupProfiles } from './meet-the-team-page.ts';

const NURSING = '00000000-0000-4000-8000-000000000001';
const OPS = '00000000-0000-4000-8000-000000000002';
const profile = (id: string, departmentId: string | null, department: string): PublicProfile => ({
  _id: id,
  basicInfo: { firstName: id, lastName: '' },
  title: '',
  university: '',
  interests: '',
  department,
  departmentId,
  videos: [],
});
const deps = [
  { _id: NURSING, name: 'Nursing', jobCount: 4 },
  { _id: OPS, name: 'Operations', jobCount: 0 },
];
const settings = { title: 'Team', intro: '', departments: [] as string[], profileOrder: [] as string[], layout: 'grid' as const };

/** The meet-the-team settings decide the departments' order and the people's order. */
describe('groupProfiles', () => {
  const people = [profile('a', NURSING, 'Nursing'), profile('b', OPS, 'Operations'), profile('c', NURSING, 'Nursing'), profile('d', null, 'Volunteers')];

  it('groups by department, alphabetically by default, with each department id and open-job count', () => {
    const g = groupProfiles(people, settings, deps);
    expect(g.map((x) => x.name)).toEqual(['Nursing', 'Operations', 'Volunteers']);
    expect(g[0]).toMatchObject({ departmentId: NURSING, openJobs: 4 });
    expect(g[0].profiles.map((p) => p._id)).toEqual(['a', 'c']);
    expect(g[2]).toMatchObject({ departmentId: null, openJobs: 0 });
  });

  it('follows the departments listed (by id or name) and the profile order', () => {
    const g = groupProfiles(people, { ...settings, departments: ['volunteers', OPS, 'Nursing'], profileOrder: ['c'] }, deps);
    expect(g.map((x) => x.name)).toEqual(['Volunteers', 'Operations', 'Nursing']);
    expect(g[2].profiles.map((p) => p._id)).toEqual(['c', 'a']);
  });
});
