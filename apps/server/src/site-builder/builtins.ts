import { blockByType } from '@hh/contract/page-blocks';
import type { StoredBlock, StoredContent, StoredSeo } from '../db/schema/pages.ts';

/**
 * The product's default page templates: Home, Search, Job, Thank you, Saved jobs,
 * Benefits and the harvest set named in core §2. They live in code so every database has them;
 * an admin's create/update stores a row in default_page_templates, which then wins by name.
 */
let n = 0;
const b = (type: string, props: Record<string, unknown> = {}): StoredBlock => {
  const def = blockByType.get(type);
  return { type, props: { id: `${type}-${++n}`, ...(def?.defaultProps ?? {}), ...props } };
};
const page = (title: string, ...blocks: StoredBlock[]): StoredContent => ({ root: { props: { title } }, content: [b('Header'), ...blocks, b('Footer')] });

export interface BuiltinTemplate {
  name: string;
  description: string;
  content: StoredContent;
  seo: StoredSeo;
}

export const builtinTemplates: BuiltinTemplate[] = [
  {
    name: 'Home',
    description: 'The site root: hero, job search, open jobs, the team and benefits.',
    seo: { title: 'Careers', description: 'Find your next job with us.' },
    content: page(
      'Home',
      b('Hero', { title: 'Care is a team sport', subtitle: 'Join the people who make every day better for our patients and for each other.' }),
      b('JobSearch'),
      b('JobList', { heading: 'Jobs we are hiring for now' }),
      b('MeetTheTeam'),
      b('Benefits'),
      b('CallToAction'),
    ),
  },
  {
    name: 'Search',
    description: 'The job search page: a compact search bar and the results.',
    seo: { title: 'Search jobs' },
    content: page('Search', b('JobSearch', { heading: 'Search jobs' }), b('JobList', { heading: 'Latest jobs', limit: 20 })),
  },
  {
    name: 'Job',
    description: 'The job page frame: the job, a sticky Apply button and "Meet your team".',
    seo: {},
    content: page('Job', b('MeetTheTeam', { heading: 'Meet your team' }), b('JobList', { heading: 'Similar jobs', limit: 4 })),
  },
  {
    name: 'Thank you',
    description: 'After applying: thanks, what happens next, and more jobs.',
    seo: { title: 'Thank you for applying' },
    content: page(
      'Thank you',
      b('Hero', { title: 'Thank you for applying', subtitle: 'We have your application. A recruiter will be in touch soon.', ctaLabel: 'See more jobs' }),
      b('MeetTheTeam'),
    ),
  },
  {
    name: 'Saved jobs',
    description: 'Jobs the visitor saved, with a way back to the search.',
    seo: { title: 'Saved jobs' },
    content: page('Saved jobs', b('RichText', { heading: 'Your saved jobs', text: 'Jobs you save while you browse appear here.' }), b('JobSearch')),
  },
  {
    name: 'Benefits',
    description: 'What working here gives people: benefits, figures, questions.',
    seo: { title: 'Benefits', description: 'Our benefits and what working with us is like.' },
    content: page(
      'Benefits',
      b('Hero', { title: 'Benefits that look after you', subtitle: 'Health, time, money and growth: the basics done well.', ctaLabel: 'Find a job' }),
      b('Benefits'),
      b('Stats'),
      b('Faq'),
      b('CallToAction'),
    ),
  },
  {
    name: 'additional-page-1',
    description: 'A blank story page to build on.',
    seo: {},
    content: page('Additional page', b('Hero', { title: 'Our story' }), b('RichText'), b('CallToAction')),
  },
  {
    name: 'dbo-benefit',
    description: 'Driver benefits landing page.',
    seo: { title: 'Driver benefits' },
    content: page(
      'Driver benefits',
      b('Hero', { title: 'Drive with us', subtitle: 'Home time, steady miles and pay that respects your time.' }),
      b('Benefits'),
      b('JobList', { heading: 'Driving jobs' }),
    ),
  },
  {
    name: 'dbo-no',
    description: 'A polite answer to "not interested right now".',
    seo: { title: 'Thanks for letting us know' },
    content: page('Not now', b('RichText', { heading: 'Thanks for letting us know', text: 'If things change, our doors are open.' }), b('JobSearch')),
  },
  {
    name: 'dbo-talk-later',
    description: 'Pick a better time to talk.',
    seo: { title: 'Talk later' },
    content: page('Talk later', b('RichText', { heading: 'Let us talk later', text: 'A recruiter will reach out at a better time.' }), b('Benefits')),
  },
  {
    name: 'dbo-talk-now',
    description: 'Talk to a recruiter now.',
    seo: { title: 'Talk now' },
    content: page('Talk now', b('CallToAction', { heading: 'Talk to a recruiter now', text: 'Call us or search the jobs that fit you.' }), b('JobList')),
  },
  {
    name: 'dbo-yes',
    description: 'Interested: next steps.',
    seo: { title: 'Great, let us get started' },
    content: page('Yes', b('Hero', { title: 'Great, let us get started', subtitle: 'Pick a job and apply in minutes.' }), b('JobList')),
  },
  {
    name: 'driver-referral',
    description: 'Refer a driver.',
    seo: { title: 'Refer a driver' },
    content: page(
      'Refer a driver',
      b('Hero', { title: 'Know a great driver?', subtitle: 'Refer them and earn a bonus when they join.' }),
      b('Faq'),
      b('JobList'),
    ),
  },
  {
    name: 'template-2',
    description: 'An alternative home layout: stats and testimonials first.',
    seo: {},
    content: page('Template 2', b('Hero', { align: 'center' }), b('Stats'), b('Testimonials'), b('Departments'), b('JobMap'), b('CallToAction')),
  },
];

/** Names that mean the same page (core §2 spells the harvest set in lowercase with hyphens). */
export const templateKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
export const builtinByKey = new Map(builtinTemplates.map((t) => [templateKey(t.name), t]));
for (const alias of ['thank-you', 'saved-jobs']) if (!builtinByKey.has(alias)) throw new Error(`missing built-in ${alias}`);
