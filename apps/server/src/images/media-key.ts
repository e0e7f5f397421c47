/** The public path under which stored files are served. */
export const MEDIA_PREFIX = '/media/';

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,400}$/;

/** A storage key from a /media/... path or a full url; null when it is not a safe key. */
export function keyFromMediaPath(pathOrUrl: string): string | null {
  let p = pathOrUrl.trim();
  try {
    if (/^[a-z]+:\/\//i.test(p)) p = new URL(p).pathname;
  } catch {
    return null; // not a url we issued
  }
  const i = p.indexOf(MEDIA_PREFIX);
  const raw = i >= 0 ? p.slice(i + MEDIA_PREFIX.length) : p.replace(/^\/+/, '');
  let key: string;
  try {
    key = decodeURIComponent(raw.split(/[?#]/)[0]);
  } catch {
    return null; // malformed percent-encoding
  }
  return isSafeKey(key) ? key : null;
}

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}

/** A folder name from the form: lower-case letters, digits, - and _, at most 60 characters. */
export function safeFolder(folder: string | undefined): string {
  const f = (folder ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return f || 'misc';
}

/** Files of candidates (personal data): never public, not even by a guessed key. */
export const CANDIDATE_FILE_KINDS = new Set(['resume', 'candidate-file', 'attachment']);
export const isCandidateFileKey = (key: string) => /^(resumes|candidates|candidate-files)\//.test(key);
