import type { AskReply, chatbotRoutes as r } from '@hh/contract/chatbot';
import type { Operation } from '../core/operation.ts';
import { canonicalJobUrl } from '../core/site-urls.ts';
import type { JobRow } from '../jobs/index.ts';
import { searchJobs } from '../public-jobs/index.ts';
import { latestVersions } from '../site-builder/index.ts';
import { chatClient } from './chat-client.ts';

/**
 * GET /api/chatbot/public/ask: the chatbot's answer, rule-based and offline (no outside service):
 * benefits from the site's published Benefits blocks, a question of its FAQ blocks when the words
 * match one, interviews (the chat offers times once it has the visitor's details), and otherwise the
 * client's open jobs that match the words, with their facts. Only the reply schema's fields leave.
 */
const STOP = new Set(
  'a an and any are as at be can do does for from have how i im in is it job jobs me my of on or open opening openings position positions role roles show the there to what whats where which who with work would you your near looking find want get about tell please hi hello hey'.split(
    ' ',
  ),
);
const words = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1);
const BENEFITS = /\b(benefit|benefits|perk|perks|insurance|health|dental|vision|pto|vacation|leave|401k|retirement|tuition|pension)\b/i;
const INTERVIEW = /\b(interview|interviews|book|booking|schedule|appointment|call me|meet)\b/i;

type Item = Record<string, unknown>;
const text = (v: unknown, max = 600) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().slice(0, max) : '');

function money(n: number | null, currency: string) {
  return n == null ? null : new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'USD', maximumFractionDigits: 0 }).format(n);
}
/** A job's facts in one line: where, how, and the pay when the job states it. */
export function jobFacts(
  j: Pick<JobRow, 'city' | 'state' | 'remote' | 'employmentType' | 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryPeriod'>,
): string {
  const where = j.remote ? 'Remote' : [j.city, j.state].filter(Boolean).join(', ') || 'Location not stated';
  const type = j.employmentType ? j.employmentType.toLowerCase().replace(/_/g, '-') : null;
  const lo = money(j.salaryMin, j.salaryCurrency);
  const hi = money(j.salaryMax, j.salaryCurrency);
  const per = j.salaryPeriod ? ` per ${j.salaryPeriod.toLowerCase()}` : '';
  const pay = lo && hi && lo !== hi ? `${lo}–${hi}${per}` : lo || hi ? `${lo ?? hi}${per}` : null;
  return [where, type, pay].filter(Boolean).join(' · ');
}

export const askChatbot: Operation<typeof r.ask, 'db' | 'config'> = async (deps, input): Promise<AskReply> => {
  const client = await chatClient(deps, input.nameSlug);
  const q = input.q;
  const blocks = (await latestVersions(deps, { clientId: client.id })).filter((v) => v.action !== 'unpublish').flatMap((v) => v.content.content ?? []);
  const itemsOf = (type: string) => blocks.filter((b) => b.type === type).flatMap((b) => (Array.isArray(b.props.items) ? (b.props.items as Item[]) : []));

  // A question of the site's FAQ: the item sharing the most meaningful words with the question (two at least, or all of a short one).
  const asked = new Set(words(q).filter((w) => !STOP.has(w)));
  let best: { item: Item; score: number } | null = null;
  for (const item of itemsOf('Faq')) {
    const qw = words(text(item.question)).filter((w) => !STOP.has(w));
    const score = qw.filter((w) => asked.has(w)).length;
    if (score && (score >= 2 || score === qw.length) && (!best || score > best.score)) best = { item, score };
  }
  if (best) return { topic: 'faq', answer: `${text(best.item.question)} ${text(best.item.answer)}`.trim(), jobs: [] };

  if (BENEFITS.test(q)) {
    const benefits = itemsOf('Benefits')
      .map((b) => [text(b.title, 120), text(b.text, 300)].filter(Boolean).join(': '))
      .filter(Boolean)
      .slice(0, 8);
    return benefits.length
      ? { topic: 'benefits', answer: `Benefits at ${client.name}: ${benefits.join(' · ')}`, jobs: [] }
      : {
          topic: 'benefits',
          answer: `${client.name} has not listed its benefits here yet. Each job page says more, and a recruiter can tell you in the interview.`,
          jobs: [],
        };
  }
  if (INTERVIEW.test(q))
    return {
      topic: 'interview',
      answer: 'I can book a short interview with our recruiters. Leave your name, email and phone, and then pick a time that suits you.',
      jobs: [],
    };

  const keywords = [...asked].slice(0, 6);
  const search = async (k: string) => (await searchJobs(deps, { clientId: client.id, keywords: k, pageSize: 5, deadEnds: false })).rows.map((x) => x.row);
  const found = keywords.length ? await search(keywords.join(' ')) : [];
  // No job has every word: the jobs that have any of them.
  if (!found.length && keywords.length > 1) {
    const seen = new Set<string>();
    for (const k of keywords) for (const j of await search(k)) if (!seen.has(j.id) && seen.add(j.id) && found.length < 5) found.push(j);
  }
  const site = { nameSlug: client.nameSlug, virtualAppName: client.virtualAppName, domainURL: client.domainURL };
  const list = (rows: JobRow[]) =>
    rows.slice(0, 5).map((j) => ({
      title: j.title,
      url: canonicalJobUrl(
        { id: j.id, title: j.title, city: j.city, state: j.state, remote: j.remote, categoryName: null, departmentName: null },
        site,
        deps.config.publicUrl,
      ),
      facts: jobFacts(j),
    }));
  if (found.length)
    return {
      topic: 'jobs',
      answer: `I found ${found.length === 1 ? 'one open job' : `${found.length} open jobs`} at ${client.name} for “${keywords.join(' ')}”:`,
      jobs: list(found),
    };
  if (!keywords.length) {
    const latest = (await searchJobs(deps, { clientId: client.id, pageSize: 3, deadEnds: false })).rows.map((x) => x.row);
    return {
      topic: 'help',
      answer: `Ask me about jobs (for example “nurse jobs”), pay, benefits or how to get an interview.${latest.length ? ' A few of our open jobs:' : ''}`,
      jobs: list(latest),
    };
  }
  return {
    topic: 'jobs',
    answer: `I found no open job at ${client.name} for “${keywords.join(' ')}”. Try another word, or leave your details and a recruiter will get in touch.`,
    jobs: [],
  };
};
