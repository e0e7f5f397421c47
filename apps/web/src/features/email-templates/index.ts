/** What other features use from the email templates: the merge-field chips, their buttons and the plain chip editor. */
export { ChipTextEditor } from './ChipTextEditor.tsx';
export { MergeFields } from './MergeFields.tsx';
export { fieldsIn, MergeFieldChip, mergeFieldLabel, textWithChips, withChips } from './merge-chip.ts';
