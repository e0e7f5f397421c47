import type { PrequalificationQuestion } from '../db/schema/jobs.ts';
import { isSafeUrl } from '../core/security/safe-url.ts';
import { questionsForJob } from '../prequalification/index.ts';
import { plainText } from '../jobs/index.ts';
import type { JobRow } from '../jobs/index.ts';
import { similarJobs } from '../public-jobs/index.ts';
import { ALTCHA_SCRIPT, APPLY_SCRIPT, THANK_YOU_SCRIPT } from './apply-script.ts';
import { recaptchaOf, recaptchaScripts } from '../core/recaptcha.ts';
import { link } from './carry.ts';
import { ga4Of, recordVisit, type SiteContext } from './context.ts';
import { html, raw } from './html.ts';
import { jobPathFor, locationText, salaryText, typeLabel, urlParts } from './job-format.ts';
import { meetTheTeamStrip } from './blocks.ts';
import { pageShell } from './page-shell.ts';
import { consentLine } from './privacy-links.ts';
import { siteFrame } from './published-page.ts';
import { canonicalJobUrl } from '../core/site-urls.ts';

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
    url: canonicalJobUrl(urlParts(row), c, ctx.deps.config.publicUrl),
  };
}

const errId = (name: string) => `${name}-err`;
const invalid = (name: string, err: string | undefined, first: string | null) =>
  raw(err ? ` aria-invalid="true" aria-describedby="${errId(name)}"${first === name ? ' autofocus' : ''}` : '');
const fieldError = (name: string, err: string | undefined) => (err ? html`<p class="field-error" id="${errId(name)}">${err}</p>` : '');

function questionField(q: PrequalificationQuestion, state: ApplyFormState, first: string | null) {
  const name = `q_${q.id}`;
  const val = state.values[name] ?? '';
  const err = state.errors[name];
  const req = q.required ? raw(' required') : '';
  if (q.type === 'yesno' || q.type === 'select') {
    const options = q.type === 'yesno' ? ['Yes', 'No'] : q.options;
    return html`<fieldset class="field choice${err ? ' has-error' : ''}"${raw(err ? ` aria-describedby="${errId(name)}"` : '')}><legend>${q.question}${q.required ? ' *' : ''}</legend>${fieldError(name, err)}
      ${options.map(
        (o, i) =>
          html`<label for="${name}-${i}"><input type="radio" id="${name}-${i}" name="${name}" value="${o}"${raw(val === o ? ' checked' : '')}${req}${raw(err ? ' aria-invalid="true"' : '')}${raw(err && i === 0 && first === name ? ' autofocus' : '')}>${o}</label>`,
      )}</fieldset>`;
  }
  return html`<div class="field${err ? ' has-error' : ''}"><label for="${name}">${q.question}${q.required ? ' *' : ''}</label>${fieldError(name, err)}
    <input id="${name}" name="${name}" type="text" maxlength="1000" value="${val}"${req}${invalid(name, err, first)}></div>`;
}

function input(id: string, label: string, type: string, state: ApplyFormState, first: string | null, extra = '') {
  const err = state.errors[id];
  return html`<div class="field${err ? ' has-error' : ''}"><label for="${id}">${label}</label>${fieldError(id, err)}<input id="${id}" name="${id}" type="${type}" value="${state.values[id] ?? ''}"${raw(extra)}${invalid(id, err, first)}></div>`;
}

const FIELD_LABELS: Record<string, string> = { firstName: 'First name', lastName: 'Last name', email: 'Email', phoneNumber: 'Phone', resume: 'Resume' };

/**
 * The job page (mobile first): title and key facts first, an Apply button that stays in
 * reach (sticky at the bottom on small screens, a sticky side card on wide ones) and jumps to the
 * form, the job text, "Meet your team" (the department's approved wave profiles, videos that load
 * nothing until played), the apply form and similar jobs. JSON-LD, canonical and Open Graph.
 * After a failed submit the form keeps what was typed, marks each field in error (aria-invalid and
 * its message) and focuses the first one (autofocus: works without JavaScript).
 */
export async function renderJobPage(ctx: SiteContext, row: JobRow, state: ApplyFormState = { values: {}, errors: {} }): Promise<string> {
  const [questions, similar, frame, team] = await Promise.all([
    questionsForJob(ctx.deps, { clientId: ctx.client.id, job: row }),
    similarJobs(ctx.deps, { clientId: ctx.client.id, jobId: row.id }).catch((err: unknown) => {
      ctx.deps.log.warn({ err }, 'similar jobs failed; the job page shows none');
      return [] as JobRow[];
    }),
    siteFrame(ctx),
    meetTheTeamStrip(ctx, { heading: 'Meet your team', departmentId: row.departmentId ?? undefined, limit: 6, inline: true }),
  ]);
  const recaptcha = recaptchaOf(ctx.deps.config);
  // The ALTCHA challenge is fetched by the form's script (one per visitor): the page itself is cacheable.
  const challengeUrl = recaptcha ? null : `${ctx.base}/apply/${row.id}/challenge`;
  const rc = recaptcha ? recaptchaScripts(recaptcha.siteKey, recaptcha.version) : null;
  if (!state.errors._form) recordVisit(ctx, 'job_view', row.id);
  const v = ctx.client.virtualAppName ?? ctx.client.nameSlug;
  const searchHref = link(`${ctx.base}/search-page`, ctx.carried, { v });
  const salary = salaryText(row);
  const loc = locationText(row);
  const type = typeLabel(row.employmentType);
  const posted = row.datePosted.toISOString().slice(0, 10);
  const text = plainText(row.description);
  const hidden = Object.entries(ctx.carried).map(([k, val]) => html`<input type="hidden" name="tracking_${k}" value="${val}">`);
  const applyAction = `${ctx.base}/apply/${row.id}`;
  const failed = Object.keys(state.errors).length > 0;
  // The first field in error, in the form's order, gets the focus.
  const order = ['firstName', 'lastName', 'email', 'phoneNumber', 'resume', ...questions.map((q) => `q_${q.id}`)];
  const first = order.find((k) => state.errors[k]) ?? null;
  const fieldErrors = order.filter((k) => state.errors[k]);
  // A choice question's first radio is its focus target.
  const anchorOf = (k: string) => (questions.some((q) => `q_${q.id}` === k && (q.type === 'yesno' || q.type === 'select')) ? `${k}-0` : k);
  const labelOf = (k: string) => FIELD_LABELS[k] ?? questions.find((q) => `q_${q.id}` === k)?.question ?? k;
  const applyHref = row.applyUrl ?? '#apply';
  const applyAttrs = raw(row.applyUrl ? ' rel="nofollow"' : ' data-jump="apply"');

  const applySection = row.applyUrl
    ? html`<p><a class="btn" href="${row.applyUrl}" rel="nofollow">Apply on our hiring partner's site</a></p>`
    : html`<form id="apply" class="card apply-form" method="post" action="${applyAction}" enctype="multipart/form-data"${challengeUrl ? html` data-challenge-url="${challengeUrl}"` : ''}${raw(failed ? ' data-failed="1"' : '')} data-job="${row.id}">
  ${
    failed
      ? html`<div class="error-summary" role="alert"${raw(first ? '' : ' tabindex="-1" autofocus')}><p><strong>${state.errors._form ?? 'Please check the fields marked below.'}</strong></p>${
          fieldErrors.length ? html`<ul>${fieldErrors.map((k) => html`<li><a href="#${anchorOf(k)}">${labelOf(k)}: ${state.errors[k]}</a></li>`)}</ul>` : ''
        }</div>`
      : ''
  }
  <p class="req-note">Fields marked * are required.</p>
  <div class="two">${input('firstName', 'First name *', 'text', state, first, ' required maxlength="100" autocomplete="given-name"')}
  ${input('lastName', 'Last name *', 'text', state, first, ' required maxlength="100" autocomplete="family-name"')}</div>
  <div class="two">${input('email', 'Email *', 'email', state, first, ' required maxlength="254" autocomplete="email"')}
  ${input('phoneNumber', 'Phone', 'tel', state, first, ' maxlength="40" autocomplete="tel"')}</div>
  <div class="field${state.errors.resume ? ' has-error' : ''}"><label for="resume">Resume (PDF, DOCX, DOC, RTF or TXT, up to 10 MB) *</label>${fieldError('resume', state.errors.resume)}
  <input id="resume" name="resume" type="file" required accept=".pdf,.docx,.doc,.rtf,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/rtf,text/plain"${invalid('resume', state.errors.resume, first)}${raw(failed && !state.errors.resume ? ' aria-describedby="resume-note"' : '')}>
  ${failed && !state.errors.resume ? html`<p class="note" id="resume-note" role="status">Your browser does not keep a chosen file after sending the form: please choose your resume again.</p>` : ''}</div>
  ${questions.map((q) => questionField(q, state, first))}
  ${
    recaptcha
      ? html`${recaptcha.version === 'v2' ? html`<div class="g-recaptcha field" data-sitekey="${recaptcha.siteKey}"></div>` : html`<input type="hidden" name="g-recaptcha-response" value="">`}
  <p class="meta">This site is protected by reCAPTCHA and the Google <a href="https://policies.google.com/privacy">Privacy Policy</a> and <a href="https://policies.google.com/terms">Terms of Service</a> apply.</p>`
      : html`<input type="hidden" name="altcha" value="">
  <p class="meta">This form is protected by a privacy-friendly proof-of-work check that runs in your browser.</p>`
  }${hidden}
  ${consentLine(ctx)}
  <button class="btn submit" type="submit">Submit application</button>
</form>`;

  const facts = [
    loc ? { k: 'Location', v: loc } : null,
    type ? { k: 'Type', v: type } : null,
    salary ? { k: 'Salary', v: salary } : null,
    row.departmentName ? { k: 'Department', v: row.departmentName } : null,
    { k: 'Posted', v: posted },
  ].filter((f): f is { k: string; v: string } => f !== null);

  const body = html`<div class="wrap crumbs"><a href="${searchHref}">&larr; All jobs at ${ctx.client.name}</a></div>
<div class="wrap job-layout">
<article class="job-main">
  <header class="job-head">
    ${row.departmentName ? html`<p class="eyebrow">${row.departmentName}</p>` : ''}
    <h1>${row.title}</h1>
    <ul class="facts" aria-label="Key facts">${loc ? html`<li>${loc}</li>` : ''}${type ? html`<li>${type}</li>` : ''}${salary ? html`<li class="pay">Salary: ${salary}</li>` : ''}</ul>
  </header>
  <section class="job-desc" aria-labelledby="about-h"><h2 id="about-h">About the job</h2>
  <div class="desc">${raw(row.description)}</div>
  <p class="meta">Posted ${posted} · Reference ${row.referenceNumber}</p></section>
  ${team}
  <p class="apply-bar"><a class="btn" href="${applyHref}"${applyAttrs}>Apply now</a></p>
</article>
<aside class="job-side" aria-label="Job summary"><div class="side-card">
  <p class="side-t">${row.title}</p>
  <dl>${facts.map((f) => html`<div><dt>${f.k}</dt><dd>${f.v}</dd></div>`)}</dl>
  <p><a class="btn wide" href="${applyHref}"${applyAttrs}>Apply now</a></p>
</div></aside>
</div>
<section class="apply-section" aria-labelledby="apply-h"><div class="wrap narrow"><h2 id="apply-h">Apply for this job</h2>${applySection}</div></section>
${
  similar.length
    ? html`<section class="block" aria-labelledby="similar-h"><div class="wrap"><h2 id="similar-h">Similar jobs</h2><ul class="jobs">${similar.map(
        (s) =>
          html`<li class="job"><a href="${link(jobPathFor(ctx, s), ctx.carried)}"><span class="t">${s.title}</span><span class="m">${[s.departmentName, locationText(s)].filter(Boolean).join(' · ')}</span></a></li>`,
      )}</ul></div></section>`
    : ''
}`;

  return pageShell(ctx, {
    ...frame,
    title: `${row.title}${loc ? ` - ${loc}` : ''} | ${ctx.client.name} careers`,
    description: (text || `${row.title} at ${ctx.client.name}`).slice(0, 155),
    canonical: canonicalJobUrl(urlParts(row), ctx.client, ctx.deps.config.publicUrl),
    ogType: 'article',
    jsonLd: jobPostingJsonLd(ctx, row),
    ga4: ga4Of(ctx),
    body,
    bodyClass: 'jobpage',
    script: row.applyUrl ? undefined : [rc ? rc.inline : ALTCHA_SCRIPT, APPLY_SCRIPT].filter(Boolean).join('\n'),
    head: row.applyUrl || !rc ? undefined : rc.head,
  });
}

/** A job or apply address that is not an open job: the site's 404 template (see published-dispatch.ts). */

export async function renderThankYou(ctx: SiteContext, row: JobRow, message: string): Promise<string> {
  const v = ctx.client.virtualAppName ?? ctx.client.nameSlug;
  const searchHref = link(`${ctx.base}/search-page`, ctx.carried, { v });
  const [frame, similar] = await Promise.all([
    siteFrame(ctx),
    similarJobs(ctx.deps, { clientId: ctx.client.id, jobId: row.id }).catch((err: unknown) => {
      ctx.deps.log.warn({ err }, 'similar jobs failed; the thank-you page shows none');
      return [] as JobRow[];
    }),
  ]);
  const body = html`<section class="hero thanks"><div class="wrap" role="status"><h1>${message}</h1><p class="lead">We have sent your application for <strong>${row.title}</strong> to the hiring team. They will be in touch by email.</p>
<p><a class="btn inverse" href="${searchHref}">See more jobs</a> <a class="back" href="${link(jobPathFor(ctx, row), ctx.carried)}">Back to the job</a></p></div></section>
${
  similar.length
    ? html`<section class="block" aria-labelledby="similar-h"><div class="wrap"><h2 id="similar-h">You may also like</h2><ul class="jobs">${similar.map(
        (s) =>
          html`<li class="job"><a href="${link(jobPathFor(ctx, s), ctx.carried)}"><span class="t">${s.title}</span><span class="m">${[s.departmentName, locationText(s)].filter(Boolean).join(' · ')}</span></a></li>`,
      )}</ul></div></section>`
    : ''
}`;
  return pageShell(ctx, {
    ...frame,
    title: `Application received | ${ctx.client.name} careers`,
    description: `Your application for ${row.title} at ${ctx.client.name} has been received.`,
    canonical: `${ctx.canonicalBase}/search-page`,
    noindex: true,
    ga4: ga4Of(ctx),
    body,
    script: THANK_YOU_SCRIPT,
  });
}
