/** What other features use from the question bank: the picker that copies bank questions into a form, and who may edit the bank. */
export { BankPicker } from './BankPicker.tsx';
export { canEditBank } from './rights.ts';
