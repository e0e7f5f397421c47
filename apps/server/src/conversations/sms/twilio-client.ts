import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';

type RequestOptions<T> = RequestClient.RequestOptions<T>;

/**
 * Twilio's REST client for one client's account. Every request goes through `BaseUrlRequestClient`,
 * which moves Twilio's hosts (api.twilio.com and the others) to TWILIO_API_BASE when it is set: a
 * proxy, or the loopback stand-in of the tests, so the production code is what they run. The
 * package's own RequestClient does the rest (form encoding, basic auth, errors as RestException).
 */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly base: URL | null) {
    super({ timeout: 15_000 });
  }
  override request<TData>(opts: RequestOptions<TData>) {
    if (!this.base) return super.request<TData>(opts);
    const uri = new URL(opts.uri);
    const target = new URL(`${this.base.pathname.replace(/\/$/, '')}${uri.pathname}${uri.search}`, this.base);
    return super.request<TData>({ ...opts, uri: target.href });
  }
}

export interface TwilioCredentials {
  accountSid: string;
  authToken: string | null;
  apiKeySid: string | null;
  apiKeySecret: string | null;
}

/** A REST client: an API key and its secret when set (Twilio's advice), else the account's auth token. */
export function twilioRest(creds: TwilioCredentials, apiBase: string | undefined): twilio.Twilio {
  const httpClient = new BaseUrlRequestClient(apiBase ? new URL(apiBase) : null);
  if (creds.apiKeySid && creds.apiKeySecret) return twilio(creds.apiKeySid, creds.apiKeySecret, { accountSid: creds.accountSid, httpClient });
  return twilio(creds.accountSid, creds.authToken ?? '', { httpClient });
}

/** Twilio's refusal in words (its HTTP status, error code and message), or the network's. */
export function twilioErrorText(err: unknown): { status: number | null; code: number | string | undefined; message: string } {
  if (err instanceof twilio.RestException) return { status: err.status, code: err.code, message: err.message };
  const e = err as { code?: string; message?: string };
  return { status: null, code: e.code, message: e.message ?? String(err) };
}

/** Permanent refusals (bad number, unverified sender, opted out at Twilio…): a retry cannot help. 429 and 5xx can. */
export const isPermanentTwilioError = (err: unknown) => err instanceof twilio.RestException && err.status >= 400 && err.status < 500 && err.status !== 429;
