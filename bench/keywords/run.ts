// bench/keywords: are a requisition's AI keywords the terms a recruiter would pick, and do they
// tell applicants apart?
//
// For each labelled posting of jobs.ts (41, nursing to trades), the keywords are extracted as the
// server does (extractKeywords, the whole set as the corpus, the posting's client name given) and
// compared with the recruiter's terms:
//   precision@10  right keywords among the first ten shown / the number shown (at most 10), averaged;
//   boilerplate   keywords that are a weekday, month, the client's name or a generic verb/adjective.
// Spread: each posting gets six applicants whose resumes name different subsets of the recruiter's
// terms (and all share boilerplate: weekdays, "calm", "clear", the client's name); the sixth repeats
// the fifth's terms in other words. They are scored as rank-candidates does (matched AI weight x 0.5
// over the total, any written form of a keyword counts; a plain regex stands in for PostgreSQL's
// English full-text match). A false tie is two applicants with the same score who match different
// keywords; ties of applicants matching the same keywords are allowed.
//   npm run bench:keywords                       (BENCH_VERBOSE=1 prints every posting)
//   KEYWORDS_EXTRACTOR=/path/to/extract-keywords.ts npm run bench:keywords   (another extraction, e.g. the previous one)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as current from '../../apps/server/src/requisitions/extract-keywords.ts';
import { BOILERPLATE, formsOf } from '../../apps/server/src/requisitions/lexicon.ts';
import { AI_FACTOR, scoreOf } from '../../apps/server/src/requisitions/rank-candidates.ts';
import { JOBS } from './jobs.ts';

type Extract = typeof current;
const extractor: Extract = process.env.KEYWORDS_EXTRACTOR ? await import(pathToFileURL(path.resolve(process.env.KEYWORDS_EXTRACTOR)).href) : current;
const verbose = Boolean(process.env.BENCH_VERBOSE);

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .replace(/(?<=\w)s$/, '')
    .trim();

const docs = JOBS.map((j, i) => ({ id: String(i), title: j.title, description: j.description }));
const corpus = extractor.documentFrequencies(docs);

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mentions = (text: string, keyword: string) =>
  formsOf(keyword).some((f) =>
    new RegExp(
      `(?<![\\p{L}\\p{N}])${f
        .split(/[\s-]+/)
        .map(esc)
        .join('[\\s-]+')}s?(?![\\p{L}\\p{N}])`,
      'iu',
    ).test(text),
  );

// A small deterministic generator, so every run builds the same applicants.
let seed = 27;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

let precisionSum = 0;
let boilerplateCount = 0;
let shownTotal = 0;
let falseTies = 0;
let pairs = 0;
let allTied = 0;
let distinctSum = 0;
const misses = new Map<string, number>();
for (const [i, job] of JOBS.entries()) {
  const kws = extractor.extractKeywords(docs[i], corpus, 15, { clientName: job.client });
  const top = kws.slice(0, 10);
  const labels = job.terms.map((t) => t.split('|').map(norm));
  const right = (k: string) => {
    const forms = [k, ...formsOf(k)].map(norm);
    return labels.some((alts) => alts.some((a) => forms.includes(a)));
  };
  const clientWords = new Set(job.client.toLowerCase().split(/\s+/));
  const good = top.filter((k) => right(k.keyword)).length;
  for (const k of top) {
    const words = k.keyword.toLowerCase().split(' ');
    if (!right(k.keyword) && words.some((w) => BOILERPLATE.has(w) || clientWords.has(w))) boilerplateCount++;
    if (!right(k.keyword)) misses.set(k.keyword, (misses.get(k.keyword) ?? 0) + 1);
  }
  shownTotal += top.length;
  precisionSum += top.length ? good / top.length : 0;

  // Six applicants: five with different shares of the recruiter's terms, the sixth with the fifth's terms.
  const share = [0.2, 0.35, 0.5, 0.65, 0.8];
  const termSets = share.map((p) => job.terms.filter(() => rand() < p).map((t) => t.split('|')[0]));
  termSets.push([...termSets[4]]);
  const resumes = termSets.map(
    (ts, n) =>
      `Applicant ${n + 1}. Available Monday through Friday and weekends. Calm under pressure, clear communicator, I bring energy. ` +
      `Previously worked near ${job.client.split(' ')[0]}. Experience: ${ts.join(', ')}.`,
  );
  const list = kws.map((k) => ({ keyword: k.keyword, weight: k.weight * AI_FACTOR }));
  const total = list.reduce((n, k) => n + k.weight, 0);
  const scored = resumes.map((text) => {
    const matched = list.filter((k) => mentions(text, k.keyword));
    return {
      score: scoreOf(
        matched.reduce((n, k) => n + k.weight, 0),
        total,
      ),
      key: matched.map((k) => k.keyword).join('|'),
    };
  });
  for (let a = 0; a < scored.length; a++)
    for (let b = a + 1; b < scored.length; b++) {
      pairs++;
      if (scored[a].score === scored[b].score && scored[a].key !== scored[b].key) falseTies++;
    }
  const distinct = new Set(scored.map((s) => s.score)).size;
  distinctSum += distinct;
  if (distinct === 1) allTied++;
  if (verbose)
    console.log(
      `${job.title} — p@10 ${good}/${top.length}: ${top.map((k) => (right(k.keyword) ? k.keyword : `[${k.keyword}]`)).join(', ')}\n   scores ${scored.map((s) => s.score).join(' / ')}`,
    );
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
console.log(`bench/keywords: ${JOBS.length} labelled postings${process.env.KEYWORDS_EXTRACTOR ? ` (extractor ${process.env.KEYWORDS_EXTRACTOR})` : ''}`);
console.log(`  precision@10        ${pct(precisionSum / JOBS.length)}   (goal >= 80 %)`);
console.log(
  `  keywords shown      ${shownTotal} (top 10 of each posting); boilerplate (a weekday, pay word, generic word or the client's name) among them: ${boilerplateCount}`,
);
console.log(`  scores: distinct per posting ${(distinctSum / JOBS.length).toFixed(2)} of 6 applicants (5 different term sets + 1 repeat)`);
console.log(`  false ties          ${falseTies} of ${pairs} applicant pairs (same score, different matched keywords)`);
console.log(`  postings where every applicant ties: ${allTied}`);
const worst = [...misses].sort((a, b) => b[1] - a[1]).slice(0, 12);
console.log(`  most frequent wrong keywords: ${worst.map(([k, n]) => `${k} (${n})`).join(', ')}`);
