/**
 * Wave completeness (issue 15 "Wave that cannot be half done"): texts the spec leaves to us, for a
 * submission or an approval while questionnaire answers are missing (no answer, or its video is not
 * processed yet). `missing` are the questions' texts, in questionnaire order.
 */
const list = (missing: string[]) => missing.map((q) => `"${q}"`).join(', ');

export const waveReviewTexts = {
  submitIncomplete: (missing: string[]) =>
    `Record an answer to every question before you submit (a video still processing counts once it is ready). Missing: ${list(missing)}`,
  approveIncomplete: (missing: string[], total: number) =>
    `This profile cannot be approved: ${missing.length} of ${total} answers are missing (${list(missing)}). Reject it with a reason, or wait for the employee to finish.`,
};
