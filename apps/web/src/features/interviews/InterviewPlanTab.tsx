import { InterviewPlanEditor } from './InterviewPlanEditor.tsx';

/** The job's "Interview plan" tab (under the job's heading and tabs). */
export default function InterviewPlanTab() {
  return <InterviewPlanEditor />;
}
