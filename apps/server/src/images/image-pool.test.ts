import { describe, expect, it } from 'vitest';
import { inImagePool, setImagePoolSize } from './image-pool.ts';

describe('the image pool', () => {
  it('runs at most its size of image jobs at once; the rest wait their turn and all finish', async () => {
    setImagePoolSize(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number) =>
      inImagePool(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
        order.push(i);
        return i * 10;
      });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => job(i)));
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
    expect(most).toBe(2);
    expect(order).toHaveLength(8);
  });

  it('a failing job frees its place', async () => {
    setImagePoolSize(1);
    await expect(inImagePool(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    await expect(inImagePool(async () => 'next')).resolves.toBe('next');
  });
});
