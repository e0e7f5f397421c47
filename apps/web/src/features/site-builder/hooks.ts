import type { PageTemplate } from '@hh/contract/site-builder';
import { pageRoutes, pageSlug } from '@hh/contract/site-builder';
import type { RouteReply } from '@hh/contract/route';
import { ApiError } from '../../lib/api.ts';
import { useApiQuery } from '../../lib/query.ts';

type AllPublished = RouteReply<typeof pageRoutes.getAllPublished>;
/** A page's publishing state (GET api/published-page-templates/get-all). */
export type PublishedState = AllPublished['results'][number];
/** One published version of a page. */
export type Version = AllPublished['versions'][number];

export function useTemplate(clientId: string | null) {
  const q = useApiQuery(pageRoutes.listTemplates, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
  return { ...q, template: q.data?.results[0] ?? null };
}

export function usePublished(clientId: string | null, pageName?: string) {
  return useApiQuery(pageRoutes.getAllPublished, { query: { clientId: clientId ?? '', pageName } }, { enabled: !!clientId });
}

export function useDesign(clientId: string | null, templateId: string | undefined) {
  const q = useApiQuery(pageRoutes.listDesignOptions, { query: { clientId: clientId ?? '', templateId } }, { enabled: !!clientId && !!templateId });
  return { ...q, design: q.data?.results[0] ?? null };
}

/** The draft design, the live one and the design's versions (GET api/page-design-options/published). */
export function useDesignPublishing(clientId: string | null) {
  return useApiQuery(pageRoutes.getDesignPublishing, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
}

export const findPage = (t: PageTemplate | null, name: string) => t?.pages.find((p) => pageSlug(p.name) === pageSlug(name)) ?? null;

/** 001 §5: on 401/403 from template saves the server's `pageTemplates` message is shown. Kept here so the pages screen does not pull in the editor (Puck). */
export const pageError = (err: unknown, fallback: string) => (err instanceof ApiError ? (err.first('pageTemplates') ?? err.message) : fallback);
