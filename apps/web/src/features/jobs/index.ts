/** What other features use from jobs: the client's departments (the editor's and motivators' job lists filter by them). */
export { useDepartments } from './hooks.ts';
