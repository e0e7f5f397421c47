import { readPrivacySettings } from '../crm/index.ts';
import { link } from './carry.ts';
import type { SiteContext } from './context.ts';
import { ga4Of } from './context.ts';
import { html, type Raw, raw } from './html.ts';
import { pageShell } from './page-shell.ts';
import { siteFrame } from './published-page.ts';

function defaultNotice(name: string, months: number | null): Raw {
  const kept = months
    ? `for ${months} month${months === 1 ? '' : 's'} after your last activity with us; after that your personal data is erased and only anonymous counts remain`
    : 'until you ask us to delete it, or until we no longer need it to consider you for jobs';
  return html`<h2>What we collect</h2>
<p>When you apply for a job at ${name}, we collect what you give us: your name, email address, phone number, resume and your answers to the application questions, and the job and the site you applied from.</p>
<h2>Why</h2>
<p>We use it only to consider you for the job you applied for and, if you agree, for similar jobs, and to contact you about your application.</p>
<h2>How long</h2>
<p>We keep your data ${kept}.</p>
<h2>Your rights</h2>
<p>You can ask us for a copy of your data, to correct it, or to erase it. Contact the recruiter named in our emails to you, or reply to any of them.</p>`;
}

/** GET /{nameSlug}/privacy (and /privacy on a custom domain): the client's notice as written in the portal, else a default one. */
export async function renderPrivacyPage(ctx: SiteContext): Promise<string> {
  const s = await readPrivacySettings(ctx.deps, { clientId: ctx.client.id });
  const name = ctx.client.name;
  const updated = s.privacyNoticeUpdatedAt ? new Date(s.privacyNoticeUpdatedAt) : null;
  const v = ctx.client.virtualAppName ?? ctx.client.nameSlug;
  const searchHref = link(`${ctx.base}/search-page`, ctx.carried, { v });
  const frame = await siteFrame(ctx);
  return pageShell(ctx, {
    ...frame,
    title: `Candidate privacy notice | ${name} careers`,
    description: `How ${name} uses the information you give when you apply for a job.`,
    canonical: `${ctx.canonicalBase}/privacy`,
    ga4: ga4Of(ctx),
    // The notice is stored sanitised (crm/privacy/settings.ts sanitizeNotice): safe to insert as HTML.
    body: html`<div class="wrap"><article class="card"><h1>Candidate privacy notice</h1>
${s.privacyNotice ? raw(s.privacyNotice) : defaultNotice(name, s.retentionMonths)}
<p class="meta">${updated ? `Last updated ${updated.toISOString().slice(0, 10)}. ` : ''}This career site is run for ${name} by its hiring platform, which processes applications only on ${name}'s behalf.</p>
<p><a href="${searchHref}">Search open jobs at ${name}</a></p></article></div>`,
  });
}
