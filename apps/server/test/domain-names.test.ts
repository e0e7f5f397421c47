import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One name per domain (decision 0011): a domain is `packages/contract/src/<domain>.ts`,
 * `apps/server/src/<domain>/` and `apps/web/src/features/<domain>/`. A server domain's route file
 * takes its route tables (`…Routes`) only from the contract file of its own name; every contract
 * file with route tables names a server domain; every portal feature folder names a server domain
 * or a contract file (the portal-only exceptions below say why).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER = path.join(ROOT, 'apps/server/src');
const CONTRACT = path.join(ROOT, 'packages/contract/src');
const FEATURES = path.join(ROOT, 'apps/web/src/features');
const LOWER = new Set(['plugins', 'db', 'lib', 'mail', 'core', 'seed', 'background']);

/** Portal features with no server folder of their own, and why. */
const PORTAL_ONLY: Record<string, string> = {
  team: 'one screen (core spec §2 /team) for the users, invitations and single sign-on domains',
  motivator: 'the Motivator product’s screens (core spec §2 /motivator), served by the site builder’s calls',
  admin: 'the global admin’s screen (core spec §2 /admin): users of every client and the outbox of mails, over the users domain',
  legal: 'the legal notices (core spec §2 /legal): text only, no calls',
};

const dirs = (d: string) => readdirSync(d).filter((f) => statSync(path.join(d, f)).isDirectory());

/** The problems of one route file: route tables imported from another domain's contract file. */
export function routeTableProblems(domain: string, file: string, text: string): string[] {
  const problems: string[] = [];
  // A route file in a sub-folder (crm/privacy/routes.ts) may also use `<domain>-<sub-folder>.ts`.
  const sub = file.split('/').length > 2 ? `${domain}-${file.split('/')[1]}` : null;
  for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@hh\/contract\/([\w-]+)'/g)) {
    const tables = m[1]
      .split(',')
      .map((s) => s.trim().split(/\s+as\s+/)[0])
      .filter((n) => /Routes$/.test(n));
    if (tables.length && m[2] !== domain && m[2] !== sub)
      problems.push(`${file}: route tables ${tables.join(', ')} from @hh/contract/${m[2]}, not @hh/contract/${domain}`);
  }
  return problems;
}

const serverDomains = dirs(SERVER).filter((d) => !LOWER.has(d));
const contractFiles = readdirSync(CONTRACT)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => f.replace(/\.ts$/, ''));

describe('one name per domain', () => {
  it('finds a route table taken from another domain’s contract file', () => {
    expect(routeTableProblems('departments', 'departments/routes.ts', "import { departmentRoutes as r } from '@hh/contract/departments';")).toEqual([]);
    expect(routeTableProblems('departments', 'departments/routes.ts', "import { categoryRoutes, departmentRoutes as r } from '@hh/contract/jobs';")).toEqual([
      'departments/routes.ts: route tables categoryRoutes, departmentRoutes from @hh/contract/jobs, not @hh/contract/departments',
    ]);
    expect(routeTableProblems('jobs', 'jobs/routes.ts', "import { messages } from '@hh/contract/messages';")).toEqual([]);
  });

  it('each server domain takes its route tables from the contract file of its name', () => {
    const problems = routeFileProblems();
    expect(problems).toEqual([]);
  });

  it('each contract file with route tables names a server domain (or one of its sub-folders)', () => {
    expect(strayContractFiles()).toEqual([]);
  });

  it('each portal feature folder names a server domain or a contract file', () => {
    expect(strayFeatures()).toEqual([]);
    for (const f of Object.keys(PORTAL_ONLY)) expect(existsSync(path.join(FEATURES, f)), `${f} is listed but gone`).toBe(true);
  });
});

function routeFileProblems(): string[] {
  const problems: string[] = [];
  for (const d of serverDomains) {
    for (const f of readdirSync(path.join(SERVER, d), { recursive: true }) as string[]) {
      if (!f.endsWith('routes.ts')) continue;
      problems.push(...routeTableProblems(d, `${d}/${f}`, readFileSync(path.join(SERVER, d, f), 'utf8')));
    }
  }
  return problems;
}

function strayContractFiles(): string[] {
  const subs = serverDomains.flatMap((d) => dirs(path.join(SERVER, d)).map((s) => `${d}-${s}`));
  return contractFiles
    .filter((c) => /export const \w+Routes\b/.test(readFileSync(path.join(CONTRACT, `${c}.ts`), 'utf8')) && !serverDomains.includes(c) && !subs.includes(c))
    .map((c) => `contract ${c}.ts names no server domain`);
}

function strayFeatures(): string[] {
  return dirs(FEATURES)
    .filter((f) => !serverDomains.includes(f) && !contractFiles.includes(f) && !(f in PORTAL_ONLY))
    .map((f) => `features/${f} names no domain`);
}
