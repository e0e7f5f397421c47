import { useEffect, useState } from 'react';

type PhoneCheck = (phone: string) => string | null;
let loading: Promise<PhoneCheck> | null = null;
/**
 * The contract's phoneProblem (libphonenumber-js and its mobile metadata, about 100 KB) is fetched
 * the first time a composer checks a number, as a chunk of its own: never with the login or the
 * dashboard, nor with the screens that only show a Message button.
 */
function loadCheck(): Promise<PhoneCheck> {
  loading ??= import('@hh/contract/conversations-phone').then(
    (m) => m.phoneProblem,
    (err: unknown) => {
      loading = null; // a failed fetch (a new deploy, offline) is tried again next time
      throw err;
    },
  );
  return loading;
}

/**
 * The server's own number check for a text, in the browser: undefined while the check loads, then
 * the problem in words, or null when the number can be texted (or when `on` is false). Should the
 * check not load, it answers null and the server's refusal (the same words) shows on sending.
 */
export function usePhoneProblem(phone: string | null | undefined, on: boolean): string | null | undefined {
  const [check, setCheck] = useState<{ fn: PhoneCheck } | null>(null);
  useEffect(() => {
    if (!on || check) return;
    let live = true;
    loadCheck().then(
      (fn) => live && setCheck({ fn }),
      () => live && setCheck({ fn: () => null }),
    );
    return () => {
      live = false;
    };
  }, [on, check]);
  if (!on || !phone) return null;
  return check ? check.fn(phone) : undefined;
}
