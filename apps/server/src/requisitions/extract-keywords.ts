/**
 * Offline keyword extraction for a requisition (docs/decisions/0021-requisition-keywords.md):
 * TF-IDF over the client's own jobs, so a word every job of the client uses ("nurse" on a nursing
 * site) ranks below one that sets this job apart ("telemetry"). Terms are words and two-word
 * phrases; the title counts three times.
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

const usable = (w: string) => !STOP.has(w) && !/^\d+([.,]\d+)?$/.test(w) && (w.length > 1 || w === 'c' || w === 'r');

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

/** Document frequencies of a corpus (each term counted once per document). */
export function documentFrequencies(docs: JobText[]): { n: number; df: Map<string, number> } {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of termCounts(`${d.title}\n${d.description}`).keys()) df.set(t, (df.get(t) ?? 0) + 1);
  return { n: docs.length, df };
}

export interface WeightedKeyword {
  keyword: string;
  weight: number;
}

/**
 * Top keywords of one job: score = (1 + ln tf) x idf, idf = ln((1 + N) / (1 + df)) + 1 (smoothed, as
 * scikit-learn's TfidfVectorizer), tf counting the title three times. A phrase must occur twice or
 * in the title; a word inside a chosen phrase that scores lower is dropped. Weights are scaled so
 * the first keyword is 1.
 */
export function extractKeywords(job: JobText, corpus: { n: number; df: Map<string, number> }, limit = 15): WeightedKeyword[] {
  const tf = termCounts(job.description);
  for (const [t, c] of termCounts(job.title)) tf.set(t, (tf.get(t) ?? 0) + 3 * c);
  const titleTerms = new Set(termCounts(job.title).keys());
  const n = Math.max(corpus.n, 1);
  const scored: WeightedKeyword[] = [];
  for (const [t, c] of tf) {
    const isPhrase = t.includes(' ');
    if (isPhrase && c < 2 && !titleTerms.has(t)) continue;
    const df = Math.min(corpus.df.get(t) ?? 1, n);
    const idf = Math.log((1 + n) / (1 + df)) + 1;
    scored.push({ keyword: t, weight: (1 + Math.log(c)) * idf * (isPhrase ? 1.1 : 1) });
  }
  scored.sort((a, b) => b.weight - a.weight || a.keyword.localeCompare(b.keyword));
  const chosen: WeightedKeyword[] = [];
  for (const k of scored) {
    if (chosen.length >= limit) break;
    if (!k.keyword.includes(' ') && chosen.some((c) => c.keyword.includes(' ') && c.keyword.split(' ').includes(k.keyword))) continue;
    chosen.push(k);
  }
  const top = chosen[0]?.weight || 1;
  return chosen.map((k) => ({ keyword: k.keyword, weight: Math.round((k.weight / top) * 1000) / 1000 }));
}
