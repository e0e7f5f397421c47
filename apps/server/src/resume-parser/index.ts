export { ResumeParseError } from './errors.ts';
export { RESUME_MAX_BYTES } from './extract-text.ts';
export { type ParsedResume, parseResume } from './parse-resume.ts';
export { parseResumeInWorker, RESUME_WORKER_LIMITS, type WorkerLimits } from './run-in-worker.ts';
export { type ResumeKind, sniffResume } from './sniff-resume.ts';
export type { EducationEntry, ParsedFields, WorkEntry } from './extract-fields.ts';
