/** The fields a job picker has of a job (the jobs list, the CRM's requisitions and the board all carry them). */
export interface JobLabelFields {
  title: string;
  city?: string | null;
  requisitionId?: string | null;
  referenceNumber?: string | null;
}

/**
 * How every job picker names a job: "Title – City (requisition id)". A client often has the same title
 * in many places (eight "ICU Registered Nurse" openings), so the title alone cannot be told apart; the
 * city says where, and the requisition id (else the job's reference number) tells two openings in one
 * city apart. A part the job lacks is left out rather than shown empty.
 */
export function jobLabel(j: JobLabelFields): string {
  const city = j.city?.trim();
  const id = j.requisitionId?.trim() || j.referenceNumber?.trim();
  return `${j.title}${city ? ` – ${city}` : ''}${id ? ` (${id})` : ''}`;
}
