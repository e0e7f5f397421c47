import { allowFraming } from '../plugins/security.ts';
import { promisify } from 'node:util';
import { isSafeUrl, safeUrl } from '../core/security/safe-url.ts';
import { gzip as gzipCb } from 'node:zlib';
import { messages } from '@hh/contract/messages';
import type { PublicProfile } from '@hh/contract/widgets';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientRow } from '../auth/access.ts';
import { esc } from '@hh/html/widget-embed';
import { listPublicProfiles } from './public-profiles.ts';

const gzip = promisify(gzipCb);

const CSS = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2733;background:#f3f3f3;line-height:1.5}
header{background:#fff;border-bottom:1px solid #e2e6ea}header div,main{max-width:1120px;margin:0 auto;padding:24px 20px}
header img{max-height:48px;display:block;margin-bottom:8px}h1{margin:0;font-size:32px}header p{margin:4px 0 0;color:#4a5663}
h2{font-size:24px;margin:32px 0 12px;padding-bottom:6px;border-bottom:3px solid #23adff}
.grid{list-style:none;margin:0;padding:0;display:grid;gap:20px;grid-template-columns:repeat(auto-fill,minmax(280px,1fr))}
.card{background:#fff;border-radius:10px;overflow:hidden;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.card video{display:block;width:100%;aspect-ratio:4/3;object-fit:cover;background:#000}
.info{padding:12px 16px 16px}.info h3{margin:0;font-size:19px}.role{margin:2px 0 0;color:#4a5663}
.more{margin:12px 0 0;padding:0;list-style:none}.more li{margin-top:10px}.more p{margin:0 0 4px;font-weight:600;font-size:15px}
.facts{margin:8px 0 0;font-size:14px;color:#4a5663}.empty{font-size:18px;color:#4a5663}
a{color:#0c74e4}`;

function video(v: PublicProfile['videos'][number], label: string) {
  return `<video controls preload="none" playsinline poster="${esc(safeUrl(v.thumbnailUrl))}" aria-label="${esc(label)}"${v.width && v.height ? ` width="${v.width}" height="${v.height}"` : ''}><source src="${esc(safeUrl(v.playbackUrl))}" type="video/mp4"></video>`;
}

function card(p: PublicProfile): string {
  const name = `${p.basicInfo.firstName} ${p.basicInfo.lastName}`.trim();
  const [first, ...rest] = p.videos;
  const facts = [p.university && `Studied at ${esc(p.university)}`, p.interests && `Interests: ${esc(p.interests)}`].filter(Boolean).join('<br>');
  return `<li class="card" id="profile-${esc(p._id)}">${first ? video(first, `Video of ${name}${first.question ? `: ${first.question}` : ''}`) : ''}<div class="info"><h3>${esc(name)}</h3>${p.title ? `<p class="role">${esc(p.title)}</p>` : ''}${facts ? `<p class="facts">${facts}</p>` : ''}${
    first?.question ? `<p class="facts">${esc(first.question)}</p>` : ''
  }${rest.length ? `<ul class="more">${rest.map((v) => `<li>${v.question ? `<p>${esc(v.question)}</p>` : ''}${video(v, `Video of ${name}${v.question ? `: ${v.question}` : ''}`)}</li>`).join('')}</ul>` : ''}</div></li>`;
}

/** The page's HTML: approved profiles grouped by department, no JavaScript at all. */
export function meetTheTeamHtml(client: Pick<ClientRow, 'name' | 'logo'>, profiles: PublicProfile[], canonical: string, favicon = 'data:,'): string {
  const groups = new Map<string, PublicProfile[]>();
  for (const p of profiles) {
    const key = p.department || 'Our team';
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const sections = [...groups]
    .map(([dep, ps], i) => `<section aria-labelledby="dep-${i}"><h2 id="dep-${i}">${esc(dep)}</h2><ul class="grid">${ps.map(card).join('')}</ul></section>`)
    .join('');
  const title = `Meet the team | ${client.name}`;
  // The first poster is the largest paint: let the browser fetch it with the HTML, not after layout.
  const firstPoster = profiles.find((p) => p.videos[0])?.videos[0]?.thumbnailUrl;
  const preload = firstPoster ? `<link rel="preload" as="image" href="${esc(firstPoster)}" fetchpriority="high">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>${preload}<meta name="description" content="${esc(`Meet the people of ${client.name} in their own words.`)}"><link rel="canonical" href="${esc(canonical)}"><link rel="icon" href="${esc(safeUrl(favicon, 'data:,'))}"><meta property="og:title" content="${esc(title)}"><meta property="og:type" content="website"><meta property="og:url" content="${esc(canonical)}"><style>${CSS}</style></head><body><header><div>${client.logo && isSafeUrl(client.logo) ? `<img src="${esc(client.logo)}" alt="${esc(client.name)}">` : ''}<h1>Meet the team</h1><p>${esc(client.name)}</p></div></header><main>${sections || '<p class="empty">Our team videos are coming soon.</p>'}</main></body></html>`;
}

/**
 * Renders a client's meet-the-team page (core spec §1, §2). Exported for the career-site domain,
 * which serves `/meet-the-team` on the client's custom domain with the same page.
 */
export async function renderMeetTheTeam(app: FastifyInstance, client: ClientRow, req: FastifyRequest, reply: FastifyReply) {
  if (client.status !== 'Active' || !client.subscriptions?.wave) return notFoundPage(reply);
  const profiles = await listPublicProfiles(app, { clientId: client.id });
  const host = req.headers.host ?? '';
  const canonical =
    client.domainURL && host.toLowerCase() === client.domainURL.toLowerCase()
      ? `https://${client.domainURL}/meet-the-team`
      : `${app.config.publicUrl}/meet-the-team/${client.nameSlug}`;
  const html = meetTheTeamHtml(client, profiles, canonical, client.logo ?? 'data:,');
  // The portal's meet-the-team setup shows this page in an iframe: framing by the product's own origin only.
  allowFraming(reply, "'self'");
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply
    .type('text/html; charset=utf-8')
    // Revalidate every time: a profile that is rejected or withdrawn must leave the page at once.
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding');
  // A page of many profiles is tens of KB of repetitive markup: gzip it for clients that take it.
  if (html.length > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    return reply.header('Content-Encoding', 'gzip').send(await gzip(html));
  }
  return reply.send(html);
}

export function notFoundPage(reply: FastifyReply) {
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${messages.errorScreen.notFound}</title></head><body><main><h1>${messages.errorScreen.notFound}</h1><p>${messages.errorScreen.pageNotFound}</p><p><a href="/">${messages.errorScreen.homeLink}</a></p></main></body></html>`,
    );
}
