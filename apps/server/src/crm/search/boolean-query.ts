import { type SQL, sql } from 'drizzle-orm';

/**
 * Recruiter search syntax (the operators recruiters know from job boards): words, "quoted phrases", AND, OR, NOT or a leading minus, and
 * parentheses — `"registered nurse" AND (icu OR "intensive care") -travel`. Adjacent terms are ANDed.
 * The text is parsed here into a tree and turned into a tsquery built from parameters only
 * (phraseto_tsquery per term, combined with && || !!), so any input is safe and never a 5xx.
 */
/** `known`: the word is in the client's vocabulary as written (typo-tolerance.ts), so it is matched as a word, not also as a prefix. */
export type Node = { kind: 'term'; text: string; phrase: boolean; known?: boolean } | { kind: 'and' | 'or'; items: Node[] } | { kind: 'not'; item: Node };

type Tok = { t: 'word' | 'phrase'; v: string } | { t: 'and' | 'or' | 'not' | 'lp' | 'rp' };

const MAX_TERMS = 32;

function tokenize(input: string): Tok[] {
  const out: Tok[] = [];
  const s = input.slice(0, 500);
  let i = 0;
  while (i < s.length && out.length < MAX_TERMS * 3) {
    const ch = s[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(') {
      out.push({ t: 'lp' });
      i++;
    } else if (ch === ')') {
      out.push({ t: 'rp' });
      i++;
    } else if (ch === '-' && (i === 0 || /[\s(]/.test(s[i - 1])) && i + 1 < s.length && !/\s/.test(s[i + 1])) {
      out.push({ t: 'not' });
      i++;
    } else if (ch === '"') {
      const end = s.indexOf('"', i + 1);
      const v = s.slice(i + 1, end === -1 ? s.length : end);
      if (v.trim()) out.push({ t: 'phrase', v: v.trim() });
      i = end === -1 ? s.length : end + 1;
    } else {
      let j = i;
      while (j < s.length && !/[\s()"]/.test(s[j])) j++;
      const w = s.slice(i, j);
      i = j;
      if (w === 'AND' || w === '&&' || w === '&') out.push({ t: 'and' });
      else if (w === 'OR' || w === '||' || w === '|') out.push({ t: 'or' });
      else if (w === 'NOT') out.push({ t: 'not' });
      else out.push({ t: 'word', v: w });
    }
  }
  return out;
}

/** Parses the syntax; returns null when nothing searchable remains. */
export function parseQuery(input: string): Node | null {
  const toks = tokenize(input);
  let pos = 0;
  let terms = 0;
  const peek = () => toks[pos];
  function orExpr(): Node | null {
    const items: Node[] = [];
    const first = andExpr();
    if (first) items.push(first);
    while (peek()?.t === 'or') {
      pos++;
      const n = andExpr();
      if (n) items.push(n);
    }
    return items.length === 0 ? null : items.length === 1 ? items[0] : { kind: 'or', items };
  }
  function andExpr(): Node | null {
    const items: Node[] = [];
    for (;;) {
      const tok = peek();
      if (!tok || tok.t === 'or' || tok.t === 'rp') break;
      if (tok.t === 'and') {
        pos++;
        continue;
      }
      const n = unary();
      if (n) items.push(n);
    }
    return items.length === 0 ? null : items.length === 1 ? items[0] : { kind: 'and', items };
  }
  function unary(): Node | null {
    const tok = peek();
    if (tok?.t === 'not') {
      pos++;
      const n = unary();
      return n ? { kind: 'not', item: n } : null;
    }
    return primary();
  }
  function primary(): Node | null {
    const tok = toks[pos++];
    if (!tok) return null;
    if (tok.t === 'lp') {
      const n = orExpr();
      if (peek()?.t === 'rp') pos++;
      return n;
    }
    if ((tok.t === 'word' || tok.t === 'phrase') && terms < MAX_TERMS) {
      terms++;
      return { kind: 'term', text: tok.v, phrase: tok.t === 'phrase' };
    }
    return null;
  }
  const tree = orExpr();
  // Stray closing parentheses: parse what follows as more ANDed terms.
  const rest: Node[] = [];
  while (pos < toks.length) {
    pos++;
    const n = orExpr();
    if (n) rest.push(n);
  }
  const all = [tree, ...rest].filter((n): n is Node => n !== null);
  if (!all.length) return null;
  const root: Node = all.length === 1 ? all[0] : { kind: 'and', items: all };
  return hasPositive(root) ? root : null;
}

/** A query of only negations would match the whole tenant: it is not a search. */
function hasPositive(n: Node): boolean {
  if (n.kind === 'term') return true;
  if (n.kind === 'not') return false;
  return n.items.some(hasPositive);
}

/** The positive terms (for highlighting and typo suggestions). */
export function positiveTerms(n: Node | null): string[] {
  if (!n) return [];
  if (n.kind === 'term') return [n.text];
  if (n.kind === 'not') return [];
  return n.items.flatMap(positiveTerms);
}

const clean = (s: string) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are dropped from search text
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, 200);

/**
 * One term: the stemmed English form (resume text, skills) or the unstemmed simple form (names,
 * emails, phone digits); a single word the client's vocabulary does not hold as written also matches
 * as a prefix ("Kowal" finds "Kowalski"). A known word does not: "care" as a prefix would read every
 * "career" and "caregiver" (a GIN partial match over thousands of words: 100 ms at 400,000 candidates).
 */
function termSql(n: Extract<Node, { kind: 'term' }>): SQL {
  const text = clean(n.text);
  const word = !n.phrase && !n.known && /^[\p{L}\p{N}]+$/u.test(text);
  if (word) {
    const prefix = `${text.toLowerCase()}:*`;
    return sql`(phraseto_tsquery('english', ${text}) || phraseto_tsquery('simple', ${text}) || to_tsquery('simple', ${prefix}))`;
  }
  return sql`(phraseto_tsquery('english', ${text}) || phraseto_tsquery('simple', ${text}))`;
}

export function toTsQuery(n: Node): SQL {
  if (n.kind === 'term') return termSql(n);
  if (n.kind === 'not') return sql`(!! ${toTsQuery(n.item)})`;
  const op = n.kind === 'and' ? sql` && ` : sql` || `;
  return sql`(${sql.join(
    n.items.map((i) => toTsQuery(i)),
    op,
  )})`;
}
