import { messages } from './messages.ts';
import { z } from 'zod';
import { id, paged } from './common.ts';
import { defineRoute } from './route.ts';

/**
 * Indeed feed, Indeed Apply screener questions and the media planner (core spec §3 Job-planning
 * entry, §7 Feed generator / Feed rules). Screener questions follow Indeed's JSON format:
 * https://docs.indeed.com/indeed-apply/screener-questions
 */

/** Texts the spec leaves to us (the spec's own feed texts are in messages.feed / messages.indeedQuestions). */

export const questionTypes = ['text', 'textarea', 'select', 'multiselect', 'date', 'information', 'pagebreak', 'hierarchical', 'file'] as const;

const option = z.object({ value: z.string().trim().min(1).max(200), label: z.string().trim().min(1).max(500) });
export interface HierarchicalOption {
  value: string;
  label: string;
  options?: HierarchicalOption[];
}
const hierarchicalOption: z.ZodType<HierarchicalOption> = z.lazy(() =>
  z.object({ value: z.string().trim().min(1).max(200), label: z.string().trim().min(1).max(500), options: z.array(hierarchicalOption).max(500).optional() }),
);

/** One screener question. `type` is a plain string here so an unknown type gets the clear message of validateQuestionSet. */
export const screenerQuestion = z.object({
  id: z.string().trim().min(1).max(100),
  type: z.string().trim().min(1).max(40),
  question: z.string().trim().max(2000).optional(),
  text: z.string().trim().max(5000).optional(),
  options: z.array(option).max(500).optional(),
  required: z.boolean().optional(),
  format: z.string().trim().max(60).optional(),
  limit: z.number().int().positive().optional(),
  minCharCount: z.number().int().min(0).optional(),
  min: z.union([z.number(), z.string().max(40)]).optional(),
  max: z.union([z.number(), z.string().max(40)]).optional(),
  minSelectionCount: z.number().int().min(0).optional(),
  maxSelectionCount: z.number().int().min(0).optional(),
  condition: z.object({ id: z.string().trim().min(1).max(100), value: z.union([z.string().max(200), z.array(z.string().max(200)).min(1)]) }).optional(),
  hierarchicalOptions: z.array(hierarchicalOption).max(500).optional(),
});
export type ScreenerQuestion = z.infer<typeof screenerQuestion>;

/** Indeed caps a questions file at 500 questions (Indeed: "You can provide a maximum of 500 questions"). */
export const questionSet = z.array(screenerQuestion).max(500);

/**
 * The rules Indeed's questions tool enforces that a schema cannot express: known types, options on
 * select questions, conditions on an earlier select question. Returns the first problem, or null.
 * Shared by the server (on save and before serving) and the configure screen (live validation).
 */
export function validateQuestionSet(questions: ScreenerQuestion[]): string | null {
  const seen = new Map<string, ScreenerQuestion>();
  for (const [i, q] of questions.entries()) {
    const name = `Question ${i + 1} ("${q.id}")`;
    if (seen.has(q.id)) return `${name}: the id "${q.id}" is used twice`;
    if (!(questionTypes as readonly string[]).includes(q.type)) return `${name} has an unknown type "${q.type}". Allowed types: ${questionTypes.join(', ')}`;
    if (q.type === 'information' && !q.text) return `${name} is an information block and needs a text`;
    if (q.type !== 'information' && q.type !== 'pagebreak' && !q.question) return `${name} needs the question text`;
    if ((q.type === 'select' || q.type === 'multiselect') && !q.options?.length) return `${name} is a ${q.type} question and needs at least one option`;
    if (q.options) {
      const values = new Set<string>();
      for (const o of q.options) {
        if (values.has(o.value)) return `${name} has the option value "${o.value}" twice`;
        values.add(o.value);
      }
    }
    if (q.type === 'hierarchical' && !q.hierarchicalOptions?.length) return `${name} is a hierarchical question and needs hierarchicalOptions`;
    if (q.type === 'date' && !q.format) return `${name} is a date question and needs a format such as dd/MM/yyyy`;
    if (q.condition) {
      const target = seen.get(q.condition.id);
      if (!target) {
        const later = questions.slice(i).some((x) => x.id === q.condition?.id);
        return later
          ? `${name} has a condition on "${q.condition.id}", which comes later; a condition must point at an earlier question`
          : `${name} has a condition on "${q.condition.id}", which is not a question of this set`;
      }
      if (target.type !== 'select' && target.type !== 'multiselect') return `${name} has a condition on "${target.id}", which is not a select question`;
      const wanted = [q.condition.value].flat();
      const missing = wanted.find((v) => !target.options?.some((o) => o.value === v));
      if (missing !== undefined) return `${name} has a condition on the value "${missing}", which is not an option of "${target.id}"`;
    }
    seen.set(q.id, q);
  }
  return null;
}

/** The JSON Indeed fetches from the questions URL. */
export const SCREENER_SCHEMA_VERSION = '1.0';
export const screenerQuestionsReply = z.object({ schemaVersion: z.string(), screenerQuestions: questionSet });
export type ScreenerQuestionsReply = z.infer<typeof screenerQuestionsReply>;

export const groupId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'A group id may contain only letters, digits, "-" and "_"')
  .refine((v) => v !== 'default', 'The group id "default" is reserved for the default questions');
export const questionsGroup = z.object({ id: groupId, questions: questionSet });

export const questionsBySlugQuery = z.object({ nameSlug: z.string().trim().min(1).max(200), questionsListId: z.string().trim().min(1).max(100).optional() });
export const publicQuestionsQuery = z.object({ nameSlug: z.string().trim().min(1).max(200).optional() });

export const saveGroupsRequest = z.object({ clientId: id, indeedApplyQuestionsGroups: z.array(questionsGroup).max(100) });
export const saveDefaultQuestionsRequest = z.object({ clientId: id, defaultIndeedApplyQuestions: questionSet.nullable() });
export const saveCredentialsRequest = z.object({
  clientId: id,
  /** Omit to keep the stored value; null clears it. */
  apiToken: z.string().trim().min(8).max(200).nullable().optional(),
  apiSecret: z.string().trim().min(8).max(200).nullable().optional(),
});

/** What the configure and planner screens read: secrets are never returned, only a hint. */
export const indeedSettingsReply = z.object({
  clientId: id,
  nameSlug: z.string(),
  name: z.string(),
  feedUrl: z.string(),
  postUrl: z.string(),
  defaultQuestionsUrl: z.string(),
  aiSearch: z.boolean(),
  mediaSubscription: z.boolean(),
  apiTokenHint: z.string().nullable(),
  apiSecretSet: z.boolean(),
  indeedApplyQuestionsGroups: z.array(questionsGroup),
  defaultIndeedApplyQuestions: questionSet.nullable(),
});
export type IndeedSettingsReply = z.infer<typeof indeedSettingsReply>;

/**
 * Budget: "dollar amount as a string" (core spec §3). Accepts 250, 250.5, 1,250.00 and an optional
 * leading $; an empty string or null clears it. Stored as numeric(12,2).
 */
export const DOLLAR_RE = /^\$?\s*(?:\d{1,3}(?:,\d{3})+|\d{1,10})(?:\.\d{1,2})?$/;
export const budget = z
  .string()
  .trim()
  .max(20)
  .refine((v) => v === '' || (DOLLAR_RE.test(v) && Number(v.replace(/[$,\s]/g, '')) < 1e10), messages.feed.budgetFormat)
  .transform((v) => (v === '' ? null : v.replace(/[$,\s]/g, '')))
  .nullable();

export const jobPlanningEntry = z.object({
  _id: id,
  title: z.string(),
  referenceNumber: z.string(),
  status: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  adid: z.string().nullable(),
  /** Dollar amount as a string ("250.00"), null when none. */
  budget: z.string().nullable(),
  indeedApply: z.boolean(),
  questionsListId: z.string().nullable(),
});
export type JobPlanningEntry = z.infer<typeof jobPlanningEntry>;
export const jobPlanningList = paged(jobPlanningEntry);
export const jobPlanningQuery = z.object({
  clientId: id,
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const updateJobPlanningRequest = z.object({
  clientId: id,
  jobId: id,
  adid: z.string().trim().max(100).nullable().optional(),
  budget: budget.optional(),
  indeedApply: z.boolean().optional(),
  /** "default" or a question group id; null for no screener questions. */
  questionsListId: z.string().trim().min(1).max(100).nullable().optional(),
});

export const clientIdQuery = z.object({ clientId: id });

/**
 * Indeed's application JSON (https://docs.indeed.com/indeed-apply/application-data-delivery):
 * "use a robust JSON parser that treats missing fields as empty and ignores unrecognized fields",
 * so every object is loose and only what we store is required.
 */
export const indeedApplication = z.looseObject({
  id: z.string().trim().min(1).max(200),
  appliedOnMillis: z.number().int().nonnegative().optional(),
  job: z.looseObject({ jobId: z.string().trim().min(1).max(256), jobTitle: z.string().optional(), jobCompany: z.string().optional() }),
  applicant: z.looseObject({
    fullName: z.string().trim().max(300).optional(),
    firstName: z.string().trim().max(150).optional(),
    lastName: z.string().trim().max(150).optional(),
    email: z.email().max(254),
    phoneNumber: z.string().trim().max(60).optional(),
    resume: z
      .looseObject({
        file: z.looseObject({ fileName: z.string().trim().min(1).max(255), contentType: z.string().trim().max(200).optional(), data: z.string() }).optional(),
      })
      .optional(),
  }),
  questionsAndAnswers: z.array(z.unknown()).max(1000).optional(),
  questions: z.looseObject({ questionsAndAnswers: z.array(z.unknown()).max(1000).optional() }).optional(),
});
export const indeedApplyReply = z.object({ applicationId: id, candidateId: id });

// ---------- Requests the routes declared inline before the route table ----------

/** The client of the XML feed and of the application postback, by its slug. */
export const nameSlugParams = z.object({ nameSlug: z.string().min(1).max(200) });
export const questionsListParams = z.object({ questionsListId: z.string().min(1).max(100) });

// ---------- The route table (decision 0006) ----------

const tags = ['feed'];
/** The signed-in feed calls never answer 409. */
const errors = [400, 401, 403, 404] as const;

/** The Indeed feed, Indeed Apply and the media planner (apps/server/src/feed/routes.ts). */
export const feedRoutes = {
  /**
   * The Indeed XML feed (core spec §4 "Feed generation cases", §8 "Feed errors"): streamed XML, its
   * errors `<error><code/><message/></error>` (401, 404) and 304 to a conditional GET; not JSON, so
   * no reply schema and no `{ errorMsg }` statuses. Not under /api/.
   */
  xml: defineRoute({
    method: 'GET',
    path: '/:nameSlug/indeed-apply/xml',
    auth: 'public',
    params: nameSlugParams,
    status: 200,
    reply: null,
    errors: [],
    tags,
    summary: 'Indeed XML job feed (streamed)',
  }),
  // Screener questions Indeed fetches (core spec §2). The client is named by ?nameSlug= (the URL
  // the feed publishes carries it); without it, the host when it is a client's custom domain.
  questions: defineRoute({
    method: 'GET',
    path: '/media/indeed-apply/questions',
    auth: 'public',
    query: publicQuestionsQuery,
    status: 200,
    reply: screenerQuestionsReply,
    errors: [404],
    tags,
  }),
  questionsByList: defineRoute({
    method: 'GET',
    path: '/media/indeed-apply/questions/:questionsListId',
    auth: 'public',
    params: questionsListParams,
    query: publicQuestionsQuery,
    status: 200,
    reply: screenerQuestionsReply,
    errors: [404],
    tags,
  }),
  questionsBySlug: defineRoute({
    method: 'GET',
    path: '/api/client/get-by-slug-indeed-apply-questions',
    auth: 'public',
    query: questionsBySlugQuery,
    status: 200,
    reply: screenerQuestionsReply,
    errors: [404],
    tags,
  }),
  // Indeed Apply settings (signed in, tenant-scoped).
  settings: defineRoute({ method: 'GET', path: '/api/indeed-apply/settings', query: clientIdQuery, status: 200, reply: indeedSettingsReply, errors, tags }),
  saveQuestionGroups: defineRoute({
    method: 'PUT',
    path: '/api/indeed-apply/questions-groups',
    body: saveGroupsRequest,
    status: 200,
    reply: indeedSettingsReply,
    errors,
    tags,
  }),
  saveDefaultQuestions: defineRoute({
    method: 'PUT',
    path: '/api/indeed-apply/default-questions',
    body: saveDefaultQuestionsRequest,
    status: 200,
    reply: indeedSettingsReply,
    errors,
    tags,
  }),
  saveCredentials: defineRoute({
    method: 'PUT',
    path: '/api/indeed-apply/credentials',
    body: saveCredentialsRequest,
    status: 200,
    reply: indeedSettingsReply,
    errors,
    tags,
  }),
  // Media planner: the job-planning entries (our paths; the jobs domain owns /api/job/*).
  planning: defineRoute({ method: 'GET', path: '/api/feed/job-planning', query: jobPlanningQuery, status: 200, reply: jobPlanningList, errors, tags }),
  updatePlanning: defineRoute({
    method: 'PATCH',
    path: '/api/feed/job-planning',
    body: updateJobPlanningRequest,
    status: 200,
    reply: jobPlanningEntry,
    errors,
    tags,
  }),
  /**
   * Indeed Apply's application postback: the body is kept raw (a Buffer) for the X-Indeed-Signature
   * check, so the entry declares none; the server parses it as `indeedApplication`.
   */
  receiveApplication: defineRoute({
    method: 'POST',
    path: '/api/indeed-apply/:nameSlug',
    auth: 'public',
    params: nameSlugParams,
    status: 201,
    reply: indeedApplyReply,
    errors: [400, 401, 404, 409, 413],
    tags,
    summary: 'Indeed Apply application postback (raw JSON body, signed with X-Indeed-Signature)',
  }),
};
