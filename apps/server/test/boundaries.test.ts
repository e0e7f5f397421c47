import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(new URL('.', import.meta.url).pathname, '../../..');
const FIXTURES = 'scripts/boundary-fixtures/apps/';
const rel = (p: string) => p.replace(FIXTURES, '');

/**
 * The boundary rules of `npm run lint` (.dependency-cruiser.cjs, decision 0008) fail on a deep
 * import, a cycle, a portal import of server code, a lower layer reaching up, a domain using page
 * code, a domain importing the seed registry and a portal feature reaching into another feature's
 * files, and let imports through a domain's (or a feature's) index.ts pass.
 */
// dependency-cruiser starts TypeScript and parses the fixtures: allow for a busy machine.
it('npm run lint fails on each kind of boundary violation in the fixtures, and only on those', { timeout: 180_000 }, () => {
  const r = spawnSync(
    process.execPath,
    ['scripts/depcruise.mjs', '--config', '.dependency-cruiser.cjs', '--no-ignore-known', '--output-type', 'err', 'scripts/boundary-fixtures'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  expect(r.status, r.stderr).toBe(8); // the exit code is the number of errors: the lint stage fails
  const plain = r.stdout.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), ''); // colours off
  const found = [...plain.matchAll(/error ([\w-]+): (\S+) →\s+(\S+)/g)].map(([, rule, from, to]) => `${rule}: ${rel(from)} → ${rel(to)}`).sort();
  expect(found).toEqual(
    [
      'domains-import-no-pages: server/src/beta/uses-page.ts → server/src/sites/urls.ts',
      'lower-layers-import-no-domain: server/src/plugins/reaches-up.ts → server/src/alpha/index.ts',
      'no-cycle: server/src/gamma/a.ts → server/src/gamma/b.ts',
      'no-deep-import-into-another-domain: server/src/beta/deep.ts → server/src/alpha/internal.ts',
      'no-deep-import-into-another-domain: server/src/beta/uses-page.ts → server/src/sites/urls.ts',
      'only-the-demo-seeder-imports-the-seed-registry: server/src/gamma/seed.ts → server/src/seed/registry.ts',
      'portal-imports-no-server-code: web/src/page.ts → server/src/alpha/index.ts',
      'no-deep-import-into-another-feature: web/src/features/two/deep.ts → web/src/features/one/internal.ts',
    ].sort(),
  );
});
