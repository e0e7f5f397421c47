import type { Config } from '../config.ts';
import type { Deps } from './deps.ts';

/**
 * reCAPTCHA v2, v3 or Enterprise for the apply form, used instead of ALTCHA when keys are set
 * (core spec §9: version 3 by default, badge hidden). Tokens are checked server-side:
 * v2 by `success`, v3 and Enterprise also by action "apply" and a minimum score.
 */
export type RecaptchaVersion = Config['RECAPTCHA_VERSION'];

export function recaptchaOf(config: Config): { siteKey: string; version: RecaptchaVersion } | null {
  const c = config;
  if (!c.RECAPTCHA_SITE_KEY) return null;
  if (c.RECAPTCHA_VERSION === 'enterprise' ? !(c.RECAPTCHA_ENTERPRISE_PROJECT_ID && c.RECAPTCHA_ENTERPRISE_API_KEY) : !c.RECAPTCHA_SECRET_KEY) return null;
  return { siteKey: c.RECAPTCHA_SITE_KEY, version: c.RECAPTCHA_VERSION };
}

export const RECAPTCHA_ACTION = 'apply';

/** Script tags and the inline glue for the job page (v3/Enterprise: a token is fetched on submit). */
export function recaptchaScripts(siteKey: string, version: RecaptchaVersion): { head: string; inline: string | null } {
  const key = encodeURIComponent(siteKey);
  if (version === 'v2') return { head: '<script src="https://www.google.com/recaptcha/api.js" async defer></script>', inline: null };
  const src =
    version === 'enterprise' ? `https://www.google.com/recaptcha/enterprise.js?render=${key}` : `https://www.google.com/recaptcha/api.js?render=${key}`;
  const g = version === 'enterprise' ? 'grecaptcha.enterprise' : 'grecaptcha';
  const inline = `(()=>{const f=document.getElementById('apply');if(!f)return;let ok=false;f.addEventListener('submit',e=>{if(ok)return;e.preventDefault();${g}.ready(()=>${g}.execute(${JSON.stringify(siteKey)},{action:'${RECAPTCHA_ACTION}'}).then(t=>{f.querySelector('[name="g-recaptcha-response"]').value=t;ok=true;f.submit()}))})})();`;
  return { head: `<script src="${src}" async defer></script>`, inline };
}

export async function verifyRecaptcha(deps: Pick<Deps, 'config' | 'log'>, token: string | undefined, remoteIp: string): Promise<boolean> {
  const c = deps.config;
  if (!token || token.length > 5000) return false;
  try {
    if (c.RECAPTCHA_VERSION === 'enterprise') {
      const base = c.RECAPTCHA_VERIFY_URL ?? 'https://recaptchaenterprise.googleapis.com/v1';
      const url = `${base}/projects/${encodeURIComponent(c.RECAPTCHA_ENTERPRISE_PROJECT_ID ?? '')}/assessments?key=${encodeURIComponent(c.RECAPTCHA_ENTERPRISE_API_KEY ?? '')}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: { token, siteKey: c.RECAPTCHA_SITE_KEY, expectedAction: RECAPTCHA_ACTION, userIpAddress: remoteIp } }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as { tokenProperties?: { valid?: boolean; action?: string }; riskAnalysis?: { score?: number } };
      return (
        Boolean(body.tokenProperties?.valid) && body.tokenProperties?.action === RECAPTCHA_ACTION && (body.riskAnalysis?.score ?? 0) >= c.RECAPTCHA_MIN_SCORE
      );
    }
    const res = await fetch(c.RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: c.RECAPTCHA_SECRET_KEY ?? '', response: token, remoteip: remoteIp }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as { success?: boolean; score?: number; action?: string };
    if (!body.success) return false;
    if (c.RECAPTCHA_VERSION === 'v3') return body.action === RECAPTCHA_ACTION && (body.score ?? 0) >= c.RECAPTCHA_MIN_SCORE;
    return true;
  } catch (err) {
    // The provider could not be reached: the application is refused (the visitor can try again), and logged.
    deps.log.warn({ err }, 'reCAPTCHA verification failed');
    return false;
  }
}
