/** What other domains may use of job-imports: a source of their own (SAP) queues and runs through the same pipeline. */
export { queueImport } from './queue-import.ts';
export { type ImportReader, runImport } from './run-import.ts';
export { serializeImport } from './serialize-import.ts';
