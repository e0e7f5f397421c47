// What other domains and the career pages may use of departments (see apps/server/src/README.md).
export { departmentsOf } from './list-departments.ts';
