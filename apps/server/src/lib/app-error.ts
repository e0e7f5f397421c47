/** Typed domain error: the global handler maps `status` to HTTP and `key`/`message` to `errorMsg`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503 | 507;

export class AppError extends Error {
  constructor(
    public readonly status: ErrorStatus,
    public readonly key: string,
    message: string,
    /** Seconds, sent as `Retry-After` (every 429 and 503 carries one, so clients know when to retry). */
    public readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (key: string, msg: string) => new AppError(400, key, msg);
export const unauthorized = (msg: string) => new AppError(401, 'auth', msg);
export const forbidden = (key: string, msg: string) => new AppError(403, key, msg);
export const notFound = (key: string, msg: string) => new AppError(404, key, msg);
export const conflict = (key: string, msg: string) => new AppError(409, key, msg);
export const tooLarge = (key: string, msg: string) => new AppError(413, key, msg);
/** 429 with the seconds after which the caller may try again. */
export const tooManyRequests = (key: string, msg: string, retryAfter: number) => new AppError(429, key, msg, Math.max(1, Math.ceil(retryAfter)));
/** 507: the disk or the storage quota is full; the caller may try again later. */
export const storageFull = (msg: string) => new AppError(507, 'storage', msg);
