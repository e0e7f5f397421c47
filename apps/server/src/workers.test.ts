import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../test/helpers.ts';
import { workers } from './workers.ts';

const SRC = path.dirname(new URL(import.meta.url).pathname);
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });

describe('background work in one place', () => {
  it('lists each queue once, each job in <domain>/background/*.job.ts', () => {
    const names = workers.map((w) => w.queue);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual([
      'calendars-sync-connection',
      'calendars-sync-due',
      'conversations-bulk-send',
      'conversations-email-send',
      'conversations-sms-send',
      'conversations-sms-sweep',
      'crm-alert-digest',
      'crm-campaign-send',
      'crm-follow-up',
      'crm-retention',
      'interviews-feedback-reminder',
      'jobs-feed-refresh',
      'jobs-import',
      'mail-deliver',
      'pipeline-rejection-email',
      'resume-parse',
      'sap-import',
      'sap-import-schedule',
      'scheduling-calendar-copy',
      'scheduling-calendar-copy-sweep',
      'scheduling-interview-reminder',
      'video-cleanup',
      'video-process',
    ]);
    for (const file of sources(SRC).filter((f) => f.endsWith('.job.ts'))) {
      // A domain's sub-folder with work of its own (conversations/sms/) keeps it in its own background/.
      expect(path.relative(SRC, file)).toMatch(/^[a-z-]+(\/[a-z-]+)?\/background\/[a-z-]+\.job\.ts$/);
    }
  });

  it('nothing but workers.ts registers a worker or a schedule (route plugins only enqueue)', () => {
    const offenders = sources(SRC)
      .filter((f) => !['workers.ts', path.join('plugins', 'queue.ts')].includes(path.relative(SRC, f)))
      .filter((f) => /\bqueue\.(work|schedule)\s*[<(]|\bboss\.(work|schedule)\s*\(/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f));
    expect(offenders).toEqual([]);
  });

  describe('on a running app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await setupTestApp();
    });
    afterAll(() => t.close());

    it('registers every scheduled job with pg-boss, with its cron', async () => {
      const schedules = (await t.app.queue.boss?.getSchedules()) ?? [];
      const byName = Object.fromEntries(schedules.map((s) => [s.name, s.cron]));
      for (const w of workers.filter((j) => j.schedule)) expect(byName[w.queue]).toBe(w.schedule);
    });

    it('sends with the queue retry policy from workers.ts', async () => {
      const boss = t.app.queue.boss;
      if (!boss) throw new Error('queue is off');
      for (const w of workers.filter((j) => !j.schedule && j.queue !== 'mail-deliver')) {
        // a payload the handler will refuse: only the stored policy is checked here
        const id = await t.app.queue.send(w.queue, {
          clientId: '00000000-0000-0000-0000-000000000000',
          importId: '00000000-0000-0000-0000-000000000000',
          videoId: '00000000-0000-0000-0000-000000000000',
        });
        const job = await boss.getJobById(w.queue, id as string);
        expect({ queue: w.queue, retryLimit: job?.retryLimit }).toEqual({ queue: w.queue, retryLimit: w.retry.retryLimit });
      }
    });
  });
});
