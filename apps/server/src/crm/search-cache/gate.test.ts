import { describe, expect, it } from 'vitest';
import { Gate } from './gate.ts';
import { SearchVersions } from './search-versions.ts';

describe('search cache parts', () => {
  it('the gate runs at most its limit at once, first come first served, and frees the slot on failure', async () => {
    const gate = new Gate(2);
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const work = (i: number) => async () => {
      now++;
      most = Math.max(most, now);
      await new Promise((r) => setTimeout(r, 5));
      order.push(i);
      now--;
      if (i === 1) throw new Error('boom');
      return i;
    };
    const all = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((i) => gate.run(work(i))));
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(all.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(await gate.run(async () => 'free')).toBe('free');
    expect(gate.queued).toBe(0);
  });

  it('a version read never answers a caller that arrived after it started; callers arriving meanwhile share the next', async () => {
    let version = 1;
    const started: number[] = [];
    const versions = new SearchVersions(async () => {
      started.push(version);
      const v = version;
      await new Promise((r) => setTimeout(r, 10));
      return v;
    });
    const first = versions.current('c');
    version = 2; // a write commits while the first read runs
    const [a, b] = [versions.current('c'), versions.current('c')];
    expect(await first).toBe(1);
    expect([await a, await b]).toEqual([2, 2]);
    expect(versions.reads).toBe(2);
  });
});
