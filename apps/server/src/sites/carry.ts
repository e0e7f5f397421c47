/**
 * Core spec §2: "Navigating away from a published page keeps the utm_source, referrer and phone
 * query values." Every link a career page renders passes these on.
 */
export const CARRIED = ['utm_source', 'referrer', 'phone'] as const;

export type Carried = Partial<Record<(typeof CARRIED)[number], string>>;

export function carriedFrom(query: Record<string, unknown>): Carried {
  const out: Carried = {};
  for (const k of CARRIED) {
    const v = query[k];
    if (typeof v === 'string' && v.length <= 200) out[k] = v;
  }
  return out;
}

/** Appends the carried values (and any extra params) to a site path. */
export function link(path: string, carried: Carried, extra: Record<string, string | number | undefined | null> = {}): string {
  const [p, q = ''] = path.split('?');
  const params = new URLSearchParams(q);
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  for (const [k, v] of Object.entries(carried)) if (v && !params.has(k)) params.set(k, v);
  const s = params.toString();
  return s ? `${p}?${s}` : p;
}
