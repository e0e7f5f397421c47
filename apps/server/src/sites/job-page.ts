import type { PrequalificationQuestion } from '../db/schema/jobs.ts';
import { isSafeUrl } from '../core/security/safe-url.ts';
import { recordEvent } from '../jobs/events.ts';
import { questionsForJob } from '../jobs/prequalification.ts';
import { plainText } from '../jobs/sanitize.ts';
import type { JobRow } from '../jobs/serialize.ts';
import { similarJobs } from '../jobs/similar-jobs.ts';
import { APPLY_SCRIPT } from './apply-script.ts';
import { newChallenge } from './captcha.ts';
import { recaptchaOf, recaptchaScripts } from './recaptcha.ts';
import { link } from './carry.ts';
import { ga4Of, type SiteContext } from './context.ts';
import { html, raw } from './html.ts';
import { jobPathFor, locationText, salaryText, typeLabel, urlParts } from './job-format.ts';
import { layout } from './layout.ts';
import { canonicalJobUrl } from './urls.ts';

export interface ApplyFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** schema.org JobPosting (Google job search): every field the issue names. */
export function jobPostingJsonLd(ctx: SiteContext, row: JobRow) {
  const c = ctx.client;
  const remote = row.remote;
  const min = row.salaryMin === null ? null : Number(row.salaryMin);
  const max = row.salaryMax === null ? null : Number(row.salaryMax);
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: row.title,
    description: row.description || row.title,
    datePosted: row.datePosted.toISOString().slice(0, 10),
    ...(row.validThrough ? { validThrough: row.validThrough.toISOString() } : {}),
    ...(row.employmentType ? { employmentType: row.employmentType } : {}),
    hiringOrganization: { '@type': 'Organization', name: c.name, sameAs: ctx.canonicalOrigin, ...(isSafeUrl(c.logo) ? { logo: c.logo } : {}) },
    ...(row.city || row.zipCode || !remote
      ? {
          jobLocation: {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              ...(row.address1 ? { streetAddress: row.address1 } : {}),
              ...(row.city ? { addressLocality: row.city } : {}),
              ...(row.state ? { addressRegion: row.state } : {}),
              ...(row.zipCode ? { postalCode: row.zipCode } : {}),
              addressCountry: row.country,
            },
          },
        }
      : {}),
    ...(remote
      ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: row.country === 'US' ? 'USA' : row.country } }
      : {}),
    ...(min !== null || max !== null
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: row.salaryCurrency,
            value: {
              '@type': 'QuantitativeValue',
              ...(min !== null ? { minValue: min } : {}),
              ...(max !== null ? { maxValue: max } : {}),
              ...(min !== null && max === null ? { value: min } : {}),
              unitText: row.salaryPeriod ?? 'YEAR',
            },
          },
        }
      : {}),
    identifier: { '@type': 'PropertyValue', name: c.name, value: row.referenceNumber },
    directApply: !row.applyUrl,
    url: canonicalJobUrl(urlParts(row), c, ctx.app.config.publicUrl),
  };
}

function questionField(q: PrequalificationQuestion, state: ApplyFormState) {
  const name = `q_${q.id}`;
  const val = state.values[name] ?? '';
  const err = state.errors[name];
  const req = q.required ? raw(' required') : '';
  if (q.type === 'yesno' || q.type === 'select') {
    const options = q.type === 'yesno' ? ['Yes', 'No'] : q.options;
    return html`<fieldset class="field"><legend>${q.question}${q.required ? ' *' : ''}</legend>${err ? html`<p class="errors" id="${name}-err">${err}</p>` : ''}
      ${options.map((o, i) => html`<label for="${name}-${i}"><input type="radio" id="${name}-${i}" name="${name}" value="${o}"${raw(val === o ? ' checked' : '')}${req}>${o}</label>`)}</fieldset>`;
  }
  return html`<div class="field"><label for="${name}">${q.question}${q.required ? ' *' : ''}</label>${err ? html`<p class="errors" id="${name}-err">${err}</p>` : ''}
    <input id="${name}" name="${name}" type="text" maxlength="1000" value="${val}"${req}></div>`;
}

function input(id: string, label: string, type: string, state: ApplyFormState, extra = '') {
  const err = state.errors[id];
  return html`<div class="field"><label for="${id}">${label}</label>${err ? html`<p class="errors" id="${id}-err">${err}</p>` : ''}<input id="${id}" name="${id}" type="${type}" value="${state.values[id] ?? ''}"${raw(extra)}${raw(err ? ` aria-describedby="${id}-err" aria-invalid="true"` : '')}></div>`;
}

/** The job page: job text, JSON-LD, canonical and Open Graph, the apply form and similar jobs. No framework JavaScript. */
export async function renderJobPage(ctx: SiteContext, row: JobRow, state: ApplyFormState = { values: {}, errors: {} }): Promise<string> {
  const [questions, similar, challenge] = await Promise.all([
    questionsForJob(ctx.app.db, ctx.client.id, row),
    similarJobs(ctx.app.db, ctx.client.id, row.id).catch((err: unknown) => {
      ctx.app.log.warn({ err }, 'similar jobs failed; the job page shows none');
      return [] as JobRow[];
    }),
    recaptchaOf(ctx.app.config) ? Promise.resolve(null) : newChallenge(ctx.app),
  ]);
  const recaptcha = recaptchaOf(ctx.app.config);
  const rc = recaptcha ? recaptchaScripts(recaptcha.siteKey, recaptcha.version) : null;
  if (!state.errors._form) recordEvent(ctx.app, ctx.client.id, 'job_view', row.id);
  const v = ctx.client.virtualAppName ?? ctx.client.nameSlug;
  const searchHref = link(`${ctx.base}/search-page`, ctx.carried, { v });
  const salary = salaryText(row);
  const loc = locationText(row);
  const text = plainText(row.description);
  const hidden = Object.entries(ctx.carried).map(([k, val]) => html`<input type="hidden" name="tracking_${k}" value="${val}">`);
  const applyAction = `${ctx.base}/apply/${row.id}`;

  const applySection = row.applyUrl
    ? html`<p><a class="button" href="${row.applyUrl}" rel="nofollow">Apply now</a></p>`
    : html`<form id="apply" class="card" method="post" action="${applyAction}" enctype="multipart/form-data"${challenge ? html` data-challenge="${JSON.stringify(challenge)}"` : ''}>
  ${state.errors._form ? html`<p class="errors" role="alert">${state.errors._form}</p>` : ''}
  ${input('firstName', 'First name *', 'text', state, ' required maxlength="100" autocomplete="given-name"')}
  ${input('lastName', 'Last name *', 'text', state, ' required maxlength="100" autocomplete="family-name"')}
  ${input('email', 'Email *', 'email', state, ' required maxlength="254" autocomplete="email"')}
  ${input('phoneNumber', 'Phone', 'tel', state, ' maxlength="40" autocomplete="tel"')}
  <div class="field"><label for="resume">Resume (PDF, DOCX, DOC, RTF or TXT, up to 10 MB) *</label>${state.errors.resume ? html`<p class="errors" id="resume-err">${state.errors.resume}</p>` : ''}
  <input id="resume" name="resume" type="file" required accept=".pdf,.docx,.doc,.rtf,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/rtf,text/plain"></div>
  ${questions.map((q) => questionField(q, state))}
  ${
    recaptcha
      ? html`${recaptcha.version === 'v2' ? html`<div class="g-recaptcha field" data-sitekey="${recaptcha.siteKey}"></div>` : html`<input type="hidden" name="g-recaptcha-response" value="">`}
  <p class="meta">This site is protected by reCAPTCHA and the Google <a href="https://policies.google.com/privacy">Privacy Policy</a> and <a href="https://policies.google.com/terms">Terms of Service</a> apply.</p>`
      : html`<input type="hidden" name="altcha" value="">
  <p class="meta">This form is protected by a privacy-friendly proof-of-work check that runs in your browser.</p>`
  }${hidden}
  <button type="submit">Submit application</button>
</form>`;

  const body = html`<main>
<p><a href="${searchHref}">&larr; All jobs at ${ctx.client.name}</a></p>
<article class="card">
  <h1>${row.title}</h1>
  <p class="meta">${[row.departmentName, loc, typeLabel(row.employmentType)].filter(Boolean).join(' · ')}</p>
  ${salary ? html`<p class="meta">Salary: ${salary}</p>` : ''}
  <p class="meta">Posted ${row.datePosted.toISOString().slice(0, 10)} · Reference ${row.referenceNumber}</p>
  <h2>About the job</h2>
  <div class="desc">${raw(row.description)}</div>
</article>
<section aria-labelledby="apply-h"><h2 id="apply-h">Apply for this job</h2>${applySection}</section>
${
  similar.length
    ? html`<section aria-labelledby="similar-h"><h2 id="similar-h">Similar jobs</h2><ul class="jobs">${similar.map(
        (s) =>
          html`<li class="card"><h3><a href="${link(jobPathFor(ctx, s), ctx.carried)}">${s.title}</a></h3><p class="meta">${locationText(s) ?? ''}</p></li>`,
      )}</ul></section>`
    : ''
}
</main>`;

  return layout({
    title: `${row.title}${loc ? ` - ${loc}` : ''} | ${ctx.client.name} careers`,
    description: (text || `${row.title} at ${ctx.client.name}`).slice(0, 155),
    canonical: canonicalJobUrl(urlParts(row), ctx.client, ctx.app.config.publicUrl),
    clientName: ctx.client.name,
    homeHref: searchHref,
    logo: ctx.client.logo,
    ogType: 'article',
    image: ctx.client.logo,
    jsonLd: jobPostingJsonLd(ctx, row),
    ga4: ga4Of(ctx),
    body,
    script: row.applyUrl ? undefined : rc ? (rc.inline ?? undefined) : APPLY_SCRIPT,
    head: row.applyUrl || !rc ? undefined : rc.head,
  });
}

/** A closed or unknown job: a helpful page (404) with a way back to the search. */
export function renderNotFound(ctx: SiteContext, what = 'This job is no longer available'): string {
  const v = ctx.client.virtualAppName ?? ctx.client.nameSlug;
  const searchHref = link(`${ctx.base}/search-page`, ctx.carried, { v });
  return layout({
    title: `${what} | ${ctx.client.name} careers`,
    description: `${what}. Search all open jobs at ${ctx.client.name}.`,
    canonical: `${ctx.canonicalBase}/search-page`,
    clientName: ctx.client.name,
    homeHref: searchHref,
    logo: ctx.client.logo,
    ga4: ga4Of(ctx),
    body: html`<main><div class="card"><h1>${what}</h1><p>The position may have been filled or the link may be out of date.</p>
      <p><a class="button" href="${searchHref}">Search open jobs at ${ctx.client.name}</a></p></div></main>`,
  });
}

export function renderThankYou(ctx: SiteContext, row: JobRow, message: string): string {
  const v = ctx.client.virtualAppName ?? ctx.client.nameSlug;
  const searchHref = link(`${ctx.base}/search-page`, ctx.carried, { v });
  return layout({
    title: `Application received | ${ctx.client.name} careers`,
    description: `Your application for ${row.title} at ${ctx.client.name} has been received.`,
    canonical: `${ctx.canonicalBase}/search-page`,
    clientName: ctx.client.name,
    homeHref: searchHref,
    logo: ctx.client.logo,
    ga4: ga4Of(ctx),
    body: html`<main><div class="card" role="status"><h1>${message}</h1><p>We have sent your application for <strong>${row.title}</strong> to the hiring team.</p>
      <p><a href="${link(jobPathFor(ctx, row), ctx.carried)}">Back to the job</a> · <a href="${searchHref}">See more jobs</a></p></div></main>`,
  });
}
