import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createDAVClient } from 'tsdav';

/**
 * A real CalDAV server for tests: Debian's radicale on a free loopback port, with its own storage
 * folder and a plain htpasswd file (one user). `createCalendar` makes a calendar collection and
 * `putEvent` stores an event in it, both through tsdav, as a calendar app would.
 */
export interface Radicale {
  url: string;
  username: string;
  password: string;
  createCalendar(name: string): Promise<string>;
  putEvent(calendarUrl: string, ev: { uid: string; start: Date; end: Date; summary?: string; extra?: string }): Promise<void>;
  stop(): Promise<void>;
}

const RADICALE = process.env.RADICALE_BIN ?? '/usr/bin/radicale';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, log: () => string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`radicale exited (${child.exitCode}): ${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, '127.0.0.1', () => {
        sock.end();
        resolve(true);
      });
      sock.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`radicale did not listen on ${port}: ${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const icsDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function eventIcs(ev: { uid: string; start: Date; end: Date; summary?: string; extra?: string }): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//hh tests//EN',
    'BEGIN:VEVENT',
    `UID:${ev.uid}`,
    `DTSTAMP:${icsDate(new Date())}`,
    `DTSTART:${icsDate(ev.start)}`,
    `DTEND:${icsDate(ev.end)}`,
    `SUMMARY:${ev.summary ?? 'Busy'}`,
    ...(ev.extra ? [ev.extra] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export async function startRadicale(username = 'ann', password = 'app-pass-1234'): Promise<Radicale> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hh-radicale-'));
  const users = path.join(dir, 'users');
  writeFileSync(users, `${username}:${password}\n`);
  const port = await freePort();
  const child = spawn(
    RADICALE,
    [
      '--config',
      '',
      '--server-hosts',
      `127.0.0.1:${port}`,
      '--storage-filesystem-folder',
      path.join(dir, 'collections'),
      '--auth-type',
      'htpasswd',
      '--auth-htpasswd-filename',
      users,
      '--auth-htpasswd-encryption',
      'plain',
      '--rights-type',
      'owner_only',
      '--logging-level',
      'warning',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForPort(port, child, () => output);
  const url = `http://127.0.0.1:${port}/`;
  const dav = () => createDAVClient({ serverUrl: url, credentials: { username, password }, authMethod: 'Basic', defaultAccountType: 'caldav' });
  return {
    url,
    username,
    password,
    async createCalendar(name) {
      const client = await dav();
      const calendarUrl = `${url}${username}/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/`;
      await client.makeCalendar({ url: calendarUrl, props: { displayname: name } });
      return calendarUrl;
    },
    async putEvent(calendarUrl, ev) {
      const client = await dav();
      const res = await client.createCalendarObject({ calendar: { url: calendarUrl }, filename: `${ev.uid}.ics`, iCalString: eventIcs(ev) });
      if (!res.ok) throw new Error(`PUT ${ev.uid}: ${res.status}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
