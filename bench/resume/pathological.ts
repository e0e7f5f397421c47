// bench/resume/pathological.ts: how long the resume parser spends on hostile input, and that the
// event loop stays free while it works (docs/decisions/0404-resume-parsing-off-thread.md).
//   node --import tsx bench/resume/pathological.ts
// 1. Field extraction on each 1 MB pathological input (one line, and 200-character lines), in this thread.
// 2. The three documents that froze the server, parsed through parseResumeInWorker: the time each
//    takes and its outcome, while a 10 ms timer measures how late the main thread's event loop runs.
import { extractFields } from '../../apps/server/src/resume-parser/extract-fields.ts';
import { lyingDocx, operatorBombPdf, PATHOLOGICAL, textBomb } from '../../apps/server/src/resume-parser/pathological.ts';
import { parseResumeInWorker } from '../../apps/server/src/resume-parser/run-in-worker.ts';

const started = Date.now();
const rows: Array<[string, number]> = [];
for (const [name, text] of Object.entries(PATHOLOGICAL)) {
  for (const [shape, s] of [
    ['one line', text],
    ['200-char lines', text.replace(/(.{200})/g, '$1\n')],
  ] as const) {
    const t = performance.now();
    extractFields(s);
    rows.push([`${name} (${shape})`, performance.now() - t]);
  }
}
rows.sort((a, b) => b[1] - a[1]);
console.log(
  `extractFields on ${rows.length} inputs of 1 MB: worst ${rows[0][1].toFixed(0)} ms (${rows[0][0]}), median ${rows[Math.floor(rows.length / 2)][1].toFixed(0)} ms`,
);
for (const [name, ms] of rows.slice(0, 5)) console.log(`  ${name.padEnd(34)} ${ms.toFixed(0).padStart(5)} ms`);

// Event-loop lag: a 10 ms interval records how late each tick fires while the worker parses.
let lag = 0;
let last = performance.now();
const timer = setInterval(() => {
  const now = performance.now();
  lag = Math.max(lag, now - last - 10);
  last = now;
}, 10);
const docs: Array<[string, () => Promise<Buffer>, string]> = [
  ['text: 50,000 × a', async () => textBomb(), 'text/plain'],
  ['PDF: 2,000,000 × "0 0 Td"', () => operatorBombPdf(2_000_000), 'application/pdf'],
  ['DOCX: declares 4 KB, inflates to 1 GB', () => lyingDocx(1024, 4096), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
];
console.log('\nthe documents that froze the server, parsed in a worker thread:');
for (const [name, build, type] of docs) {
  const bytes = await build();
  lag = 0;
  last = performance.now();
  const t = performance.now();
  const outcome = await parseResumeInWorker(bytes, type).then(
    (r) => `read (${r.resumeText.length} characters)`,
    (e: Error & { status?: number }) => `refused ${e.status}: ${e.message}`,
  );
  console.log(
    `  ${name.padEnd(40)} ${(bytes.length / 1024).toFixed(0).padStart(5)} KB  ${(performance.now() - t).toFixed(0).padStart(5)} ms  event-loop lag ≤ ${lag.toFixed(0)} ms  ${outcome}`,
  );
}
clearInterval(timer);
console.log(`\nbench/resume/pathological (run took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
