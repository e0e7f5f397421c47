import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { jobs } from '../db/schema/jobs.ts';
import { motivatorBySlug } from '../site-builder/index.ts';
import { livePage } from '../site-builder/index.ts';
import type { SiteContext } from './context.ts';
import { sendPage } from './page-reply.ts';
import { renderMotivatorPage, renderPublishedPage, renderSite404 } from './published-page.ts';
import type { SiteRedirect } from './redirects.ts';
import { isUuid } from '../lib/uuid.ts';

const send = (ctx: SiteContext, reply: FastifyReply, body: string, status = 200) => sendPage(reply, ctx.slot, body, status);

/**
 * Published pages on a career site: `/` shows the live Home page, `/{pageName}` a live
 * page, `/motivator/{slug}` a published motivator. Returns false when the path is none of these.
 */
export async function servePublished(ctx: SiteContext, reply: FastifyReply, seg: string[], redirect: SiteRedirect | null = null): Promise<boolean> {
  const first = (seg[0] ?? '').toLowerCase();
  // Core §2's redirect (utm values, legacy parameters) once the page is known to exist: an unknown
  // address answers its 404 at once.
  const go = async (render: () => Promise<string>) => {
    if (redirect) await reply.redirect(redirect.location, redirect.permanent ? 301 : 302);
    else await send(ctx, reply, await render());
    return true;
  };
  if (seg.length === 0) {
    const home = await livePage(ctx.deps, { clientId: ctx.client.id, slug: 'home' });
    if (!home) return false;
    return go(() => renderPublishedPage(ctx, home));
  }
  if (first === 'motivator' && seg.length === 2) {
    const m = await motivatorBySlug(ctx.deps, { clientId: ctx.client.id, slug: seg[1] });
    if (!m) return false;
    return go(() => renderMotivatorPage(ctx, m));
  }
  if (seg.length === 1 && /^[a-z0-9-]{1,64}$/.test(first) && first !== 'home') {
    const page = await livePage(ctx.deps, { clientId: ctx.client.id, slug: first });
    if (!page) return false;
    return go(() => renderPublishedPage(ctx, page));
  }
  return false;
}

/** An unknown page: the site's 404 template (header, footer, a search box and open jobs). */
export async function sendSiteNotFound(ctx: SiteContext, reply: FastifyReply) {
  return send(
    ctx,
    reply,
    await renderSite404(ctx, { heading: messages.errorScreen.pageNotFound, text: 'The page may have moved. Search our open jobs instead.' }),
    404,
  );
}

/**
 * A job that is not open: 410 Gone when it existed and is closed (search engines drop it), else
 * 404; both with the site's 404 template and jobs similar to its title.
 */
export async function sendJobNotOpen(ctx: SiteContext, reply: FastifyReply, id: string | undefined, o: { goneStatus?: 404 | 410 } = {}) {
  const [row] =
    id && isUuid(id)
      ? await ctx.deps.db
          .select({ status: jobs.status, title: jobs.title })
          .from(jobs)
          .where(and(eq(jobs.clientId, ctx.client.id), eq(jobs.id, id)))
      : [];
  if (row?.status === 'closed')
    return send(
      ctx,
      reply,
      await renderSite404(ctx, {
        heading: 'This job is no longer available',
        text: `${row.title} has been filled or closed. Here are similar open jobs.`,
        keywords: row.title,
      }),
      o.goneStatus ?? 410,
    );
  return send(
    ctx,
    reply,
    await renderSite404(ctx, { heading: 'This job could not be found', text: 'The link may be out of date. Search our open jobs instead.' }),
    404,
  );
}
