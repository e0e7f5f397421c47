// What other features may use of scheduling: the per-application scheduling panel (the candidate drawer
// mounts it) and the list of interviews booked with the user (My schedule mounts it).
export { MyScheduledInterviews } from './MyScheduledInterviews.tsx';
export { SchedulingPanel } from './SchedulingPanel.tsx';
