import type { Design, PageTemplate } from '@hh/contract/pages';
import { pageSlug } from '@hh/contract/pages';
import { ApiError } from '../../lib/api.ts';
import { useApiQuery } from '../../lib/query.ts';

export const TEMPLATES = '/api/page-templates';
export const PUBLISHED_ALL = '/api/published-page-templates/get-all';
export const DESIGNS = '/api/page-design-options';
export const DEFAULTS = '/api/default-page-templates';

export interface PublishedState {
  pageName: string;
  slug: string;
  url: string;
  live: boolean;
  version: number;
  updatedAt: string;
}
export interface Version {
  _id: string;
  pageName: string;
  version: number;
  action: 'publish' | 'update' | 'unpublish' | 'restore';
  live: boolean;
  createdAt: string;
}

export function useTemplate(clientId: string | null) {
  const q = useApiQuery<{ results: PageTemplate[] }>(TEMPLATES, { clientId: clientId ?? undefined }, { enabled: !!clientId });
  return { ...q, template: q.data?.results[0] ?? null };
}

export function usePublished(clientId: string | null, pageName?: string) {
  return useApiQuery<{ results: PublishedState[]; versions: Version[] }>(PUBLISHED_ALL, { clientId: clientId ?? undefined, pageName }, { enabled: !!clientId });
}

export function useDesign(clientId: string | null, templateId: string | undefined) {
  const q = useApiQuery<{ results: Array<{ _id: string; activeDesign: Design }> }>(
    DESIGNS,
    { clientId: clientId ?? undefined, templateId },
    { enabled: !!clientId && !!templateId },
  );
  return { ...q, design: q.data?.results[0] ?? null };
}

export const findPage = (t: PageTemplate | null, name: string) => t?.pages.find((p) => pageSlug(p.name) === pageSlug(name)) ?? null;

/** 001 §5: on 401/403 from template saves the server's `pageTemplates` message is shown. Kept here so the pages screen does not pull in the editor (Puck). */
export const pageError = (err: unknown, fallback: string) => (err instanceof ApiError ? (err.first('pageTemplates') ?? err.message) : fallback);
