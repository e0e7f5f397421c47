import type { FastifyBaseLogger } from 'fastify';

/**
 * Fastify gives every request its own child logger (`req.log`, bound to the request id). Pino builds
 * a child by serialising its bindings through the redaction paths, which cost about 3.5 % of a
 * cached career page's CPU, although almost no request writes a line (requests are logged only when
 * slow or failed, and one in a thousand as a sample: app.ts). This factory hands out a stand-in that
 * builds the real child the first time the request writes a line at an enabled level: the lines
 * written are the same (same bindings, same level, same serialisers).
 */

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildOptions = { level?: string; serializers?: Record<string, (value: unknown) => unknown> };
type Parent = FastifyBaseLogger & { levels?: { values: Record<string, number> }; levelVal?: number };

class RequestLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: Parent;
  readonly #bindings: Record<string, unknown>;
  readonly #opts: ChildOptions;

  constructor(parent: Parent, bindings: Record<string, unknown>, opts: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#opts = opts;
  }

  get #real(): FastifyBaseLogger {
    if (!this.#child) this.#child = this.#parent.child(this.#bindings, this.#opts);
    return this.#child;
  }

  /** False when a line at `level` would be dropped anyway: then no child is built for it. */
  #enabled(level: Level): boolean {
    if (this.#child) return true;
    const values = this.#parent.levels?.values;
    if (!values) return true;
    const threshold = this.#opts.level !== undefined ? values[this.#opts.level] : this.#parent.levelVal;
    const v = values[level];
    return threshold === undefined || v === undefined || v >= threshold;
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.#enabled(level)) return;
    (this.#real[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
  child(bindings: Record<string, unknown>, opts?: ChildOptions): FastifyBaseLogger {
    return this.#real.child(bindings, opts);
  }
  get level(): string {
    return this.#child ? this.#child.level : (this.#opts.level ?? this.#parent.level);
  }
  set level(level: string) {
    this.#real.level = level;
  }
  isLevelEnabled(level: string): boolean {
    return this.#enabled(level as Level) && (this.#real as FastifyBaseLogger & { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(level) !== false;
  }
  bindings(): Record<string, unknown> {
    return (this.#real as FastifyBaseLogger & { bindings?: () => Record<string, unknown> }).bindings?.() ?? { ...this.#bindings };
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, built on its first line. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Record<string, unknown>, opts: ChildOptions): FastifyBaseLogger {
  return new RequestLogger(logger as Parent, bindings, opts) as unknown as FastifyBaseLogger;
}
