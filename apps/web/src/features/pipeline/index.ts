/**
 * What other features use from the pipeline: the job's screens, each loaded on its own (the board's
 * drag-and-drop and virtual lists stay out of the other screens' first load). The jobs feature shows
 * them as tabs of a job.
 */
export const loadJobBoard = () => import('./JobBoard.tsx');
export const loadPipelineEditor = () => import('./PipelineEditor.tsx');
