import type { RouteDef } from '@hh/contract/route';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/** The fields of an entry's query schema, each with the type the server reads it as. */
type QueryShape<R extends RouteDef> = R['query'] extends z.ZodObject<infer S> ? S : never;
/** An optional text or choice field may also be '' ("not chosen": no filter), which the address leaves out. */
type SearchValue<T> = undefined extends T ? (NonNullable<T> extends string ? NonNullable<T> | '' : NonNullable<T>) : NonNullable<T>;
export type SearchValues<R extends RouteDef> = { [K in keyof QueryShape<R>]: SearchValue<z.output<QueryShape<R>[K]>> };
type UrlValue = string | number | boolean | readonly string[];

export interface SearchState<V> {
  /** The current values: what the address says, else the default. */
  values: V;
  /**
   * Changes some values and writes them to the address (replacing the history entry, so typing a
   * search does not fill the Back button). Changing anything but the page goes back to page one.
   */
  set: (patch: Partial<V>) => void;
}

const toUrl = (v: UrlValue): string => (Array.isArray(v) ? v.join(',') : String(v));

/**
 * The address's parameters as they are now, for a `setSearchParams` updater: React Router hands an
 * updater the parameters of the last render, so two changes close together (a search committed 300 ms
 * after the last key, a row opened meanwhile) would otherwise undo one another.
 */
const currentParams = (): URLSearchParams => new URLSearchParams(window.location.search);

/** The address's parameters as they are now with one of them set (or, for null, removed): a drawer's or a thread's id. */
export function currentParamsWith(name: string, value: string | null): URLSearchParams {
  const p = currentParams();
  if (value === null) p.delete(name);
  else p.set(name, value);
  return p;
}

/**
 * A list screen's filters, sort and page kept in the address bar, so a search can be shared as a
 * link and survives a reload or Back. The names in the address are the entry's query names, and a
 * value read from the address is parsed by that field's schema, the same rule the server applies:
 * a value the schema refuses falls back to the default (a free-text field keeps what was typed, so
 * a search too long for the server still shows and gets the server's message; a choice does not). Values equal to their
 * default are left out of the address; parameters the hook does not own (an open drawer's id) stay.
 */
export function useSearchState<R extends RouteDef, const K extends keyof SearchValues<R>>(
  entry: R,
  defaults: Pick<SearchValues<R>, K>,
  opts: { page?: NoInfer<K> } = {},
): SearchState<Pick<SearchValues<R>, K>> {
  type V = Pick<SearchValues<R>, K>;
  const [params, setParams] = useSearchParams();
  const shape = (entry.query as z.ZodObject | undefined)?.shape as Record<string, z.ZodType> | undefined;
  if (!shape) throw new Error(`${entry.method} ${entry.path} has no query schema`);
  const values = { ...defaults } as Record<string, unknown>;
  for (const name of Object.keys(defaults)) {
    const raw = params.get(name);
    if (raw === null) continue;
    const parsed = shape[name]?.safeParse(raw);
    if (parsed?.success && parsed.data !== undefined) values[name] = parsed.data;
    // A free-text field (one that takes any short text) keeps what was typed; a choice (an enum) falls back.
    else if (typeof values[name] === 'string' && shape[name]?.safeParse('a').success) values[name] = raw;
  }

  const set = (patch: Partial<V>) =>
    setParams(
      // From the address as it is now (currentParams): a search typed just before a row was opened
      // reaches the address 300 ms later (useSearchText) and keeps the row's parameter.
      () => {
        const next = currentParams();
        const changed = { ...patch } as Record<string, unknown>;
        if (opts.page !== undefined && !(String(opts.page) in changed)) changed[String(opts.page)] = defaults[opts.page];
        for (const [name, v] of Object.entries(changed)) {
          const def = toUrl(defaults[name as K] as UrlValue);
          const text = v === undefined || v === null ? def : toUrl(v as UrlValue);
          if (text === def || text === '') next.delete(name);
          else next.set(name, text);
        }
        return next;
      },
      { replace: true },
    );
  return { values: values as V, set };
}

/**
 * A text box over one search value: what is typed shows at once and reaches the address (and so the
 * query) `ms` after the last key. The router applies an address change in a transition, so a text box
 * bound to the address directly would lose keys typed quickly. A change of the address from elsewhere
 * (Back, a shared link) replaces the text.
 */
export function useSearchText(value: string, commit: (text: string) => void, ms = 300): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text === sent.current) return;
    const t = setTimeout(() => {
      sent.current = text;
      commitRef.current(text);
    }, ms);
    return () => clearTimeout(t);
  }, [text, ms]);
  return [text, setText];
}
