import { BOILERPLATE, LEXICON_PATTERNS, type TermKind } from './lexicon.ts';

/**
 * Offline keyword extraction for a requisition (docs/decisions/0021-requisition-keywords.md): the
 * requirements of the job (licences, certifications, skills and tools of the lexicon in lexicon.ts,
 * with the years asked for), weighted by where they appear (title, requirements section, body), then
 * the words and two-word phrases that set this job apart from the client's other jobs (TF-IDF).
 * Boilerplate (days, pay, generic verbs, soft adjectives, the client's own name) is never a keyword.
 */
const STOP = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just let me more most my myself no nor not of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves
  able ability across apply applicant applicants applications benefit benefits candidate candidates company day days description duties eg equal etc every excellent experience experienced full good great help ideal include includes including job jobs join key looking make must new offer offers opportunity opportunities per plus position preferred provide providing required requirement requirements responsibilities responsible role roles salary seeking skill skills strong successful team teams time type upon using well within work working year years you'll we're we'll our you're us one two three four five six seven eight nine ten`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words of a text, lower-cased; keeps c++, c#, node.js, .net; sentence punctuation splits phrases. */
export function tokenize(text: string): string[][] {
  const clean = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .toLowerCase();
  const out: string[][] = [];
  for (const chunk of clean.split(/[,;:!?()[\]{}"|\n•·–—]+|\.(?:\s+|$)|\s\/\s/)) {
    const words = chunk.match(/[\p{L}\p{N}][\p{L}\p{N}+#.'-]*[\p{L}\p{N}+#]|[\p{L}]/gu) ?? [];
    if (words.length) out.push(words.map((w) => w.replace(/'s$/, '')));
  }
  return out;
}

const usable = (w: string) => !STOP.has(w) && !BOILERPLATE.has(w) && !/^\d/.test(w) && (w.length > 1 || w === 'c' || w === 'r');

/** The terms of a document with their counts: words and adjacent two-word phrases without stop words. */
export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const phrase of tokenize(text)) {
    for (let i = 0; i < phrase.length; i++) {
      const w = phrase[i];
      if (!usable(w)) continue;
      counts.set(w, (counts.get(w) ?? 0) + 1);
      const next = phrase[i + 1];
      if (next && usable(next)) counts.set(`${w} ${next}`, (counts.get(`${w} ${next}`) ?? 0) + 1);
    }
  }
  return counts;
}

export interface JobText {
  id: string;
  title: string;
  description: string;
}

export interface WeightedKeyword {
  keyword: string;
  weight: number;
  /** What the term is: a lexicon requirement's kind, or 'term' for a word that sets the job apart. */
  kind?: TermKind | 'term';
  /** Where it weighed most: the title, the requirements section or the rest of the text. */
  section?: Section;
  /** Years of experience the posting asks for with this term ("3+ years of ICU experience"). */
  years?: number;
}

export type Section = 'title' | 'requirements' | 'body';

/** How much one occurrence weighs by where it is; "about us", benefits and the EEO statement barely count. */
const SECTION_WEIGHT = { title: 3, requirements: 2, body: 1, boilerplate: 0.2 } as const;
const KIND_BOOST: Record<TermKind | 'term', number> = { licence: 1.6, certification: 1.5, tool: 1.25, skill: 1.25, term: 0.55 };

const HEADING_REQ =
  /^(?:requirements?|qualifications?|minimum qualifications|preferred qualifications|what you(?:'ll| will)? (?:need|bring)|what we(?:'re| are) looking for|who you are|you have|must[- ]haves?|skills(?: and experience)?|licen[cs]es?(?: (?:and|&) certifications?)?|certifications?|experience|education)\b/i;
const HEADING_BOILER =
  /^(?:benefits|perks|what we offer|we offer|why (?:join|work)|about (?:us|the company)|who we are|our (?:company|story|mission)|compensation|pay|schedule|equal opportunity|eeo)\b/i;
const HEADING_BODY =
  /^(?:responsibilities|duties|what you(?:'ll| will) do|the role|about the (?:role|job|position)|job (?:summary|description)|overview|summary|day to day|a day in the life)\b/i;

/** The description cut into parts by their headings: requirements, boilerplate (about us, benefits, EEO) or body. */
export function sections(description: string): Array<{ section: 'requirements' | 'body' | 'boilerplate'; text: string }> {
  const text = description
    .replace(/<\/(?:p|li|h[1-6]|div|ul|ol|tr)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  const out: Array<{ section: 'requirements' | 'body' | 'boilerplate'; text: string }> = [];
  let current: 'requirements' | 'body' | 'boilerplate' = 'body';
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^[\s*•·\-–—#]+/, '').trim();
    if (!line) continue;
    // A heading is a short line naming a part ("Requirements:", "What we offer"); text after its colon belongs to it.
    const head = line.length <= 60 ? (/^[^:.]*/.exec(line)?.[0].trim() ?? '') : '';
    const kind = !head ? null : HEADING_REQ.test(head) ? 'requirements' : HEADING_BOILER.test(head) ? 'boilerplate' : HEADING_BODY.test(head) ? 'body' : null;
    if (kind && (line.includes(':') || !line.includes('.'))) current = kind;
    const rest = kind ? line.slice(head.length).replace(/^\s*:\s*/, '') : line;
    if (!rest) continue;
    // An equal-opportunity sentence is boilerplate wherever it stands.
    out.push({ section: /equal opportunity|\beoe\b|without regard to/i.test(rest) ? 'boilerplate' : current, text: rest });
  }
  return out;
}

/** The lexicon's requirements found in a text, with the text left once they are cut out. */
function findRequirements(text: string): { found: Array<{ keyword: string; kind: TermKind; at: number }>; rest: string } {
  const found: Array<{ keyword: string; kind: TermKind; at: number }> = [];
  let rest = text;
  // Longer forms first, so "class a cdl" is CDL-A and not CDL, "registered nurse" is RN and not "nurse".
  for (const { term, re } of SORTED_PATTERNS) {
    re.lastIndex = 0;
    rest = rest.replace(re, (m, at: number) => {
      found.push({ keyword: term.keyword, kind: term.kind, at });
      return ` ${'|'.repeat(Math.max(1, m.length - 2))} `;
    });
  }
  return { found, rest };
}
const SORTED_PATTERNS = [...LEXICON_PATTERNS].sort((a, b) => b.re.source.length - a.re.source.length);

const YEARS = /(\d{1,2})\s*\+?\s*(?:(?:-|to)\s*\d{1,2}\s*)?(?:\+\s*)?years?\b/gi;

/** Years asked for, by the requirement named in the same sentence ("2+ years of ICU experience"). */
function yearsByKeyword(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const sentence of text.split(/[.\n;]/)) {
    YEARS.lastIndex = 0;
    const m = YEARS.exec(sentence);
    if (!m) continue;
    for (const f of findRequirements(sentence).found) if (!out.has(f.keyword)) out.set(f.keyword, Number(m[1]));
  }
  return out;
}

/** Lexicon requirements of a document, each once (for document frequencies). */
function requirementKeys(text: string): Set<string> {
  return new Set(findRequirements(text).found.map((f) => `lex:${f.keyword}`));
}

/** Document frequencies of a corpus (each term counted once per document; lexicon requirements as "lex:<keyword>"). */
export function documentFrequencies(docs: JobText[]): { n: number; df: Map<string, number> } {
  const df = new Map<string, number>();
  for (const d of docs) {
    const all = `${d.title}\n${d.description.replace(/<[^>]*>/g, ' ')}`;
    const keys = new Set([...termCounts(findRequirements(all).rest).keys(), ...requirementKeys(all)]);
    for (const t of keys) df.set(t, (df.get(t) ?? 0) + 1);
  }
  return { n: docs.length, df };
}

/** Words of the client's name ("Acme Health" → acme, health): never keywords of its own jobs. */
function nameWords(name: string | undefined): Set<string> {
  return new Set((name ?? '').toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'&-]*/gu) ?? []);
}

/**
 * Top keywords of one job. Requirements of the lexicon score by where they appear (title 3,
 * requirements section 2, body 1, about-us and benefits 0.2; 1 + ln of the sum), by kind (a licence
 * or certification above a skill or tool) and by a mild idf (a licence every job of the client asks
 * for still counts). Other words and two-word phrases score (1 + ln tf) x idf at about a third of a
 * requirement, and only when they are in the title or the requirements, or occur twice; the
 * client's name and boilerplate are never terms. A word inside a chosen phrase is dropped; weights
 * are scaled so the first keyword is 1.
 */
export function extractKeywords(
  job: JobText,
  corpus: { n: number; df: Map<string, number> },
  limit = 15,
  opts: { clientName?: string } = {},
): WeightedKeyword[] {
  const n = Math.max(corpus.n, 1);
  const idf = (key: string) => Math.log((1 + n) / (1 + Math.min(corpus.df.get(key) ?? 1, n))) + 1;
  const banned = nameWords(opts.clientName);
  const parts: Array<{ section: Section | 'boilerplate'; text: string }> = [{ section: 'title', text: job.title }, ...sections(job.description)];
  const req = new Map<string, { kind: TermKind; mass: number; best: Section; bestW: number; first: number }>();
  const terms = new Map<string, { mass: number; best: Section; bestW: number; inKey: boolean; count: number }>();
  let order = 0;
  for (const part of parts) {
    const w = SECTION_WEIGHT[part.section];
    const sec: Section = part.section === 'boilerplate' ? 'body' : part.section;
    const { found, rest } = findRequirements(part.text);
    for (const f of found.sort((a, b) => a.at - b.at)) {
      const r = req.get(f.keyword) ?? { kind: f.kind, mass: 0, best: sec, bestW: 0, first: order++ };
      r.mass += w;
      if (w > r.bestW) Object.assign(r, { best: sec, bestW: w });
      req.set(f.keyword, r);
    }
    for (const [t, c] of termCounts(rest)) {
      if (t.split(' ').some((x) => banned.has(x))) continue;
      const e = terms.get(t) ?? { mass: 0, best: sec, bestW: 0, inKey: false, count: 0 };
      e.mass += w * c;
      e.count += c;
      if (part.section === 'title' || part.section === 'requirements') e.inKey = true;
      if (w > e.bestW) Object.assign(e, { best: sec, bestW: w });
      terms.set(t, e);
    }
  }
  const years = yearsByKeyword(
    parts
      .filter((p) => p.section !== 'boilerplate')
      .map((p) => p.text)
      .join('\n'),
  );
  const scored: Array<WeightedKeyword & { score: number; first: number }> = [];
  for (const [keyword, r] of req)
    scored.push({
      keyword,
      kind: r.kind,
      section: r.best,
      ...(years.has(keyword) ? { years: years.get(keyword) } : {}),
      weight: 0,
      score: (1 + Math.log(Math.max(r.mass, 0.2) + 1)) * KIND_BOOST[r.kind] * Math.sqrt(idf(`lex:${keyword}`)) * (r.bestW >= 2 ? 1.15 : 1),
      first: r.first,
    });
  for (const [t, e] of terms) {
    const isPhrase = t.includes(' ');
    if (!e.inKey && e.count < 2) continue;
    if (isPhrase && e.count < 2 && e.best !== 'title') continue;
    if (e.bestW < 1) continue;
    scored.push({
      keyword: t,
      kind: 'term',
      section: e.best,
      weight: 0,
      score: (1 + Math.log(e.mass)) * idf(t) * KIND_BOOST.term * (isPhrase ? 1.1 : 1),
      first: Number.MAX_SAFE_INTEGER,
    });
  }
  scored.sort((a, b) => b.score - a.score || a.first - b.first || a.keyword.localeCompare(b.keyword));
  const chosen: typeof scored = [];
  for (const k of scored) {
    if (chosen.length >= limit) break;
    if (k.kind === 'term' && !k.keyword.includes(' ') && chosen.some((c) => c.keyword.includes(' ') && c.keyword.split(' ').includes(k.keyword))) continue;
    chosen.push(k);
  }
  const top = chosen[0]?.score || 1;
  // Weights fall strictly with the rank (by at least 0.7 %), so two applicants who match different
  // sets of keywords seldom sum to the same score.
  let previous = Number.POSITIVE_INFINITY;
  return chosen.map(({ score, first: _f, ...k }) => {
    let w = Math.round((score / top) * 1000) / 1000;
    if (w > previous - 0.007) w = Math.round((previous - 0.007) * 1000) / 1000;
    previous = w;
    return { ...k, weight: Math.max(w, 0.01) };
  });
}
