/**
 * Entry of the resume-parsing worker thread (run-in-worker.ts bundles it and starts one per
 * document): parses the document it was given and posts the result, or the refusal with its status.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ResumeParseError } from './errors.ts';
import { parseResume } from './parse-resume.ts';

export type WorkerReply = { ok: true; parsed: Awaited<ReturnType<typeof parseResume>> } | { ok: false; status: ResumeParseError['status']; message: string };

const { bytes, contentType, fileName } = workerData as { bytes: Uint8Array; contentType: string; fileName: string };
parseResume(bytes, contentType, fileName).then(
  (parsed) => parentPort?.postMessage({ ok: true, parsed } satisfies WorkerReply),
  (err: unknown) => {
    const refusal = err instanceof ResumeParseError ? err : null;
    parentPort?.postMessage({ ok: false, status: refusal?.status ?? 422, message: refusal?.message ?? '' } satisfies WorkerReply);
  },
);
