import { interviewsRoutes as r } from '@hh/contract/interviews';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { getApplicationScorecards } from './get-application-scorecards.ts';
import { getInterviewPlan } from './get-interview-plan.ts';
import { listMyInterviews } from './list-my-interviews.ts';
import { requestFeedback } from './request-feedback.ts';
import { saveInterviewPlan } from './save-interview-plan.ts';
import { submitScorecard } from './submit-scorecard.ts';

/** Interviews and feedback: interview plans, scorecards with the bias control, feedback requests (docs/interviews.md). */
export default async function interviewsRoutes(app: FastifyInstance) {
  route(app, r.getPlan, getInterviewPlan);
  route(app, r.savePlan, saveInterviewPlan);
  route(app, r.submitScorecard, submitScorecard);
  route(app, r.applicationScorecards, getApplicationScorecards);
  route(app, r.requestFeedback, requestFeedback);
  route(app, r.myInterviews, listMyInterviews);
}
