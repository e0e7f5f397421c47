/** What other features use from the CRM: applicant counts on job lists, the client's privacy settings and the candidate drawer. */
export { ApplicantCount, useApplicantCounts } from './ApplicantCount.tsx';
export { PrivacySettings } from './privacy/PrivacySettings.tsx';
/** The candidate drawer, opened from a job's board card (j and k walk the list it was opened from). */
export { CandidateDrawer } from './CandidateDrawer.tsx';
