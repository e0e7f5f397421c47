import type { questionTypes, ScreenerQuestion } from '@hh/contract/feed';
import type { Question as BankQuestion } from '@hh/contract/questions';

/** Indeed's question types, as a recruiter reads them (https://docs.indeed.com/indeed-apply/screener-questions). */
export const typeLabels: Record<(typeof questionTypes)[number], string> = {
  text: 'Short answer',
  textarea: 'Long answer',
  select: 'One choice',
  multiselect: 'Several choices',
  date: 'Date',
  information: 'Information text (no answer)',
  pagebreak: 'Page break',
  hierarchical: 'Nested choices',
  file: 'File upload',
};

export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

export function newId(existing: ScreenerQuestion[], base = 'question') {
  let n = existing.length + 1;
  while (existing.some((q) => q.id === `${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * A question of the bank (the ones whose destination is "Indeed screener") as Indeed's screener question:
 * yes/no and "one of several" become a one-choice question, "several answers" a several-choices one,
 * a number a short answer in number format, a date Indeed's MM/dd/yyyy date.
 */
export function screenerFromBank(q: BankQuestion, existing: ScreenerQuestion[]): ScreenerQuestion {
  const base = { id: newId(existing, slug(q.question).slice(0, 30) || 'question'), question: q.question, ...(q.required ? { required: true } : {}) };
  const options = (labels: string[]) => labels.map((label, i) => ({ value: slug(label) || `option-${i + 1}`, label }));
  switch (q.answerType) {
    case 'yesNo':
      return { ...base, type: 'select', options: options(['Yes', 'No']) };
    case 'singleChoice':
      return { ...base, type: 'select', options: options(q.options.length ? q.options : ['Yes', 'No']) };
    case 'multipleChoice':
      return { ...base, type: 'multiselect', options: options(q.options.length ? q.options : ['Yes', 'No']) };
    case 'number':
      return { ...base, type: 'text', format: 'numeric' };
    case 'date':
      return { ...base, type: 'date', format: 'MM/dd/yyyy' };
    case 'textarea':
      return { ...base, type: 'textarea' };
    default:
      return { ...base, type: 'text' };
  }
}

/** Fields a type does not use are dropped when the type changes, so the saved JSON stays Indeed's. */
export function retype(q: ScreenerQuestion, type: string): ScreenerQuestion {
  const next: ScreenerQuestion = { id: q.id, type, ...(q.question ? { question: q.question } : {}), ...(q.required ? { required: true } : {}) };
  if (q.condition) next.condition = q.condition;
  if (type === 'select' || type === 'multiselect')
    next.options = q.options?.length
      ? q.options
      : [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ];
  if (type === 'date') next.format = 'MM/dd/yyyy';
  if (type === 'information') {
    next.text = q.text ?? q.question ?? '';
    delete next.question;
    delete next.required;
  }
  if (type === 'pagebreak') {
    delete next.question;
    delete next.required;
  }
  if (type === 'hierarchical') next.hierarchicalOptions = q.hierarchicalOptions ?? [{ value: 'option-1', label: 'Option 1' }];
  return next;
}
