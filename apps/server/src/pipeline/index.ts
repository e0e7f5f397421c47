// What other domains may use of the pipeline (docs/pipeline.md).
export { ensureJobStages, defaultStagesOf } from './stages.ts';
export { moveApplication, type MoveTarget } from './move.ts';
export { PIPELINE_EDITORS, PIPELINE_READERS } from './rights.ts';
