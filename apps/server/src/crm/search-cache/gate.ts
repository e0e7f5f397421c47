/**
 * At most `limit` searches run their SQL at once in a process; the others wait their turn, first come
 * first served. PostgreSQL has a few cores: twenty searches at once finish no sooner than two or three
 * at a time, but they would hold most of the app's pool (a search sends up to four statements at once)
 * and every other call of every user would queue behind them for a connection.
 */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line (running stays the same), or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
