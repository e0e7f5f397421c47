import type { MeetTheTeamRow, MotivatorRow, MotivatorSearchRow, PageTemplateRow, PublishedVersionRow } from '../db/schema/pages.ts';

export const iso = (d: Date) => d.toISOString();

export function serializeTemplate(t: PageTemplateRow) {
  return {
    _id: t.id,
    clientId: t.clientId,
    name: t.name,
    pages: t.pages,
    customScripts: t.customScripts,
    socialNetworks: t.socialNetworks,
    socialMetadata: t.socialMetadata,
    activityLog: t.activityLog.slice(-100),
    seo: { keywords: t.seo?.keywords ?? [] },
    favicon: t.favicon,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}

export function serializeVersion(v: PublishedVersionRow, liveVersion: number | null) {
  return {
    _id: v.id,
    pageName: v.pageName,
    version: v.version,
    action: v.action,
    live: liveVersion === v.version,
    content: v.content,
    seo: v.seo,
    publishedBy: v.publishedBy,
    createdAt: iso(v.createdAt),
  };
}

export function serializeMeetTheTeam(r: MeetTheTeamRow) {
  return {
    _id: r.id,
    clientId: r.clientId,
    title: r.title,
    intro: r.intro,
    departments: r.departments,
    order: r.profileOrder,
    layout: r.layout,
    favicon: r.favicon,
    updatedAt: iso(r.updatedAt),
  };
}

export function serializeMotivator(r: MotivatorRow, base: string) {
  return {
    _id: r.id,
    clientId: r.clientId,
    name: r.name,
    slug: r.slug,
    headline: r.headline,
    story: r.story,
    image: r.image,
    video: r.video,
    icon: r.icon,
    filter: r.filter,
    published: r.published,
    position: r.position,
    url: `${base}/motivator/${r.slug}`,
    updatedAt: iso(r.updatedAt),
  };
}

export function serializeMotivatorSearch(r: MotivatorSearchRow, url: string) {
  return {
    _id: r.id,
    clientId: r.clientId,
    title: r.title,
    intro: r.intro,
    motivatorIds: r.motivatorIds,
    published: r.published,
    url,
    updatedAt: iso(r.updatedAt),
  };
}
