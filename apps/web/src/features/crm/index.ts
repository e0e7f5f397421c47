import { lazy } from 'react';

/** What other features use from the CRM: applicant counts on job lists, the client's privacy settings and Home's funnel. */
export { ApplicantCount, useApplicantCounts } from './ApplicantCount.tsx';
export { PrivacySettings } from './privacy/PrivacySettings.tsx';
/** The candidate drawer, opened from a job's board card (j and k walk the list it was opened from). */
export { CandidateDrawer } from './CandidateDrawer.tsx';

/** The candidate funnel on Home, loaded on its own: the charts library stays out of Home's first load. */
export const HomeFunnel = lazy(() => import('./metrics/HomeFunnel.tsx'));
