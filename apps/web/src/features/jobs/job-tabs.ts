import type { ComponentType } from 'react';
import { loadInterviewPlanTab } from '../interviews/index.ts';
import { loadJobBoard, loadPipelineEditor } from '../pipeline/index.ts';

/**
 * The tabs of a job (`/harvest/jobs/:jobId/<path>`), in order; the first (path '') is what a job opens
 * on. A tab is one entry here: the router makes its route from it and the job page lists its link,
 * so a feature adds a tab (an interview plan, offers) with one line and nothing else.
 */
export interface JobTab {
  /** The address below the job's ('' for the board, the page a job opens on). */
  path: string;
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: a tab's page module's default export is any component
  load: () => Promise<{ default: ComponentType<any> }>;
}

export const jobTabs: JobTab[] = [
  { path: '', label: 'Board', load: loadJobBoard },
  { path: 'pipeline', label: 'Pipeline', load: loadPipelineEditor },
  { path: 'interview-plan', label: 'Interview plan', load: loadInterviewPlanTab },
  { path: 'edit', label: 'Details', load: () => import('./JobEdit.tsx') },
];
