// What other features may use of interviews: the per-application scorecards panel (the candidate drawer)
// and the job's Interview plan tab (the jobs feature lists it in job-tabs.ts), loaded on its own.
export { ApplicationScorecardsPanel } from './ApplicationScorecardsPanel.tsx';
export const loadInterviewPlanTab = () => import('./InterviewPlanTab.tsx');
