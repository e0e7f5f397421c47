import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting the server reads, validated once at boot (CONVENTIONS §7). */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless HOST says otherwise, so a development server is never open to the network (HOST=0.0.0.0 behind a load balancer or in a container).
  HOST: z.string().default('127.0.0.1'),
  /**
   * Which proxies may set X-Forwarded-For/-Proto (a forged header once bypassed the lockout). Off by default: the socket
   * address is the client's. A hop count (`1`) or a comma-separated list of addresses/CIDRs
   * (`10.0.0.0/8,127.0.0.1`) when the app runs behind a proxy. `true` (trust anyone) is refused.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): false | number | string[] => {
      if (v === '' || v === 'false' || v === '0' || v === 'no') return false;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (v === 'true' || !list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(a) || ['loopback', 'linklocal', 'uniquelocal'].includes(a))) {
        ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be false, a hop count such as 1, or a comma-separated list of proxy addresses or CIDRs' });
        return z.NEVER;
      }
      return list;
    }),
  /** Outbound fetches (feeds) may reach these hosts/CIDRs although private or loopback: tests and on-premise feeds (guardedFetch refuses them otherwise, decision 0400). */
  OUTBOUND_ALLOW: z.string().default(''),
  OUTBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Sharp refuses images with more pixels than this before decoding, so one upload cannot exhaust memory. */
  IMAGE_MAX_PIXELS: z.coerce.number().int().positive().default(50_000_000),
  /** Resume bytes one client may receive from anonymous applications per day, so scripted applications cannot fill a client's storage. */
  APPLY_DAILY_STORAGE_MB: z.coerce.number().int().positive().default(500),
  /**
   * Forwarding candidate profiles by mail (POST /api/crm/forward-profile): recipients one user may
   * reach per hour, and all users of one client per 24 hours, counted across processes; one call
   * names at most 20 (the contract). docs/permissions.md "Candidates" says why.
   */
  FORWARD_RECIPIENTS_PER_USER_HOUR: z.coerce.number().int().positive().default(50),
  FORWARD_RECIPIENTS_PER_CLIENT_DAY: z.coerce.number().int().positive().default(200),
  /** Sharp pipelines at once (the image pool, bounding memory). */
  IMAGE_WORKERS: z.coerce.number().int().min(1).max(8).default(1),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  /** App processes serving requests on PORT (node:cluster; one per core is typical). 1: a single process, as in development. */
  APP_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** The embedded PostgreSQL's shared_buffers (for example 2GB for a large data set); PostgreSQL's default (128MB) when unset. */
  EMBEDDED_PG_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'a size such as 512MB or 2GB')
    .optional(),
  SEED_DEMO: bool.default(true),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(1800),
  REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(1209600),
  AUTH_STRATEGY: z.enum(['access', 'refresh', 'openid']).default('access'),
  ACCESS_TOKEN_CHECK_INTERVAL: z.coerce.number().int().positive().default(30000),
  REFRESH_TOKEN_CHECK_INTERVAL: z.coerce.number().int().positive().default(1200000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Humanize Hiring <no-reply@localhost>'),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  CLIENT_UPDATE_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(25 * 1024 * 1024)
    .default(25 * 1024 * 1024),
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(500 * 1024 * 1024),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  GA4_MEASUREMENT_ID: z.string().optional(),
  // Career-site apply captcha: ALTCHA (self-hosted) unless reCAPTCHA keys are set.
  // Core spec §9: reCAPTCHA version 3 by default, badge hidden. See docs/career-sites.md.
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  RECAPTCHA_VERSION: z.enum(['v2', 'v3', 'enterprise']).default('v3'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_ENTERPRISE_PROJECT_ID: z.string().optional(),
  RECAPTCHA_ENTERPRISE_API_KEY: z.string().optional(),
  /** Verification endpoint override (a proxy, or a loopback stand-in in tests); Google's by default. */
  RECAPTCHA_VERIFY_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  QUEUE_ENABLED: bool.default(true),
  // Faults the product survives (docs/operations.md): how long a request waits for a database
  // connection before it is answered 503 with Retry-After, and the longest one statement may run.
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  /** How often the queue looks for jobs whose process died (a job running past its time limit is retried). */
  QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(60),
  /** When set, every queue's time limit in seconds (each job's own limit otherwise; tests shorten it). */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).optional(),
  /** Seconds between tries of a mail the SMTP server did not take; tries go on for MAIL_RETRY_HOURS. */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).default(60),
  MAIL_RETRY_HOURS: z.coerce.number().int().min(1).max(72).default(24),
  // File storage (docs/scaling.md): the local disk under DATA_DIR/storage, or an S3-compatible store
  // that every app process shares. Credentials may also come from the AWS SDK's usual sources.
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (endpoint/bucket/key), which most compatible stores need; on by default when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  // Team and identity (decisions 0040, 0041): invitation link life, and the openid strategy's refresh token life (core spec §9: 30 days).
  INVITATION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  OPENID_REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(2592000),
  /** Lets a client's SSO issuer be plain http (a loopback test provider). Never in production. */
  SSO_ALLOW_HTTP_ISSUER: bool.default(false),
  /**
   * Test only: origins of loopback identity providers (`http://127.0.0.1:4455`, comma-separated)
   * that the guarded SSO fetch may reach. Only loopback origins are accepted, one by one (never a
   * private network, never a metadata address), and NODE_ENV=production refuses to start with it.
   */
  SSO_TEST_ISSUER_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const o of list)
        if (!/^https?:\/\/(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]):\d{1,5}$/.test(o)) {
          ctx.addIssue({ code: 'custom', message: `${o}: only loopback origins such as http://127.0.0.1:4455 may be listed` });
          return z.NEVER;
        }
      return list;
    }),
  /** DNS servers (`ip` or `ip:port`, comma-separated) that check SSO domain TXT records; the system's when empty. */
  SSO_DNS_SERVERS: z.string().default(''),
  /** Port of the inbound SMTP listener that receives candidates' email replies (docs/conversations.md); off when unset. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the inbound listener binds to: loopback unless set (0.0.0.0 to take mail from the internet). */
  INBOUND_SMTP_HOST: z.string().default('127.0.0.1'),
  /** The mail domain whose MX points at the inbound listener: replies go to reply+<token>@INBOUND_DOMAIN. */
  INBOUND_DOMAIN: z.string().default('reply.localhost'),
  /** Largest inbound email accepted, in bytes (attachments included); larger mail is refused with 552. */
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 1024 * 1024),
  /** Twilio's REST API origin (https://api.twilio.com when unset); tests point it at a loopback stand-in (docs/conversations-sms.md). */
  TWILIO_API_BASE: z.url().optional(),
  /** Key that seals stored integration secrets (Twilio auth tokens), 32+ characters; derived from the signing secret when unset. */
  SECRETS_KEY: z.string().min(32).optional(),
});

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  jwtSecret: Uint8Array;
  dataDir: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<string, string>> = {}): Config {
  const merged = { ...env, ...overrides };
  const parsed = configSchema.safeParse(merged);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.STORAGE === 's3' && !c.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  if (c.NODE_ENV === 'production' && c.SSO_TEST_ISSUER_ORIGINS.length)
    throw new Error('Invalid configuration:\n  SSO_TEST_ISSUER_ORIGINS: a test-only setting, refused when NODE_ENV=production');
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    dataDir,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    jwtSecret: new TextEncoder().encode(c.JWT_SECRET ?? persistentSecret(dataDir)),
  };
}

/** A random signing secret kept under the data folder, so tokens survive restarts without setup. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
