/** What other features use from jobs: the client's departments (the editor's and motivators' job lists filter by them). */
export { useDepartments } from './hooks.ts';
/** The one name of a job in every picker: "Title – City (requisition id)". */
export { jobLabel, type JobLabelFields } from './job-label.ts';
