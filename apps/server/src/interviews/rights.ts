import type { Need } from '../auth/access.ts';

/**
 * Rights to interview plans and scorecards (docs/interviews.md), the same levels as the candidate area:
 * admins and recruiters on the clients they access now; client staff by their harvest or cultivate role.
 */
const either = (level: 'member' | 'editor'): Need => [
  { product: 'harvest', level },
  { product: 'cultivate', level },
];

/** The hiring team: reads plans, asks for feedback and sees every scorecard of the client's applications. */
export const HIRING_TEAM = either('member');
/** Changes a job's interview plan. */
export const PLAN_EDITORS = either('editor');
/** Any user of the client may be an interviewer; what they see is limited to the applications they interview. */
export const INTERVIEWERS: Need = 'member';
