import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting the server reads, validated once at boot (CONVENTIONS §7). */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
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
  // Career-site apply captcha (issue 3): ALTCHA (self-hosted) unless reCAPTCHA keys are set.
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
  // Team and identity (issue 14): invitation link life, and the openid strategy's refresh token life (core spec §9: 30 days).
  INVITATION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  OPENID_REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(2592000),
  /** Lets a client's SSO issuer be plain http (a loopback test provider). Never in production. */
  SSO_ALLOW_HTTP_ISSUER: bool.default(false),
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
