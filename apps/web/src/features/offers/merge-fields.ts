import { offerMergeFields } from '@hh/contract/offers';

/** The offer letter's merge fields: names for the editor's chips and buttons. */
export const offerFieldLabels: Record<string, string> = Object.fromEntries(offerMergeFields.map((f) => [f.field, f.label]));
export const offerFieldNames = offerMergeFields.map((f) => f.field);
