import type { Client } from '@hh/contract/clients';
import type { ClientRow } from '../auth/access.ts';

const subscriptionKeys = ['cultivate', 'harvest', 'harvestPlus', 'wave', 'motivator', 'media'] as const;

/** Row -> the contract's client. candidateAPIKey is write-only: only whether one is set leaves the server. */
export function serializeClient(c: ClientRow): Client {
  const subs = c.subscriptions ?? {};
  return {
    _id: c.id,
    name: c.name,
    nameSlug: c.nameSlug,
    domainURL: c.domainURL,
    jobBoardDomain: c.jobBoardDomain,
    virtualAppName: c.virtualAppName,
    address: c.address ?? {},
    applicantResume: c.applicantResume,
    quickApplyOption: c.quickApplyOption,
    selectedIndeedQuestions: c.selectedIndeedQuestions ?? [],
    phoneNumber: c.phoneNumber,
    timeZone: c.timeZone,
    industry: c.industry,
    contractNumber: c.contractNumber,
    accountManagers: c.accountManagers ?? [],
    status: c.status,
    mediaLibraryData: c.mediaLibraryData ?? null,
    aiSearch: c.aiSearch,
    sso: c.sso,
    jobsFeedUrl: c.jobsFeedUrl,
    subscriptions: Object.fromEntries(subscriptionKeys.map((k) => [k, subs[k] === true])) as Client['subscriptions'],
    candidateAPIPublicKey: c.candidateAPIPublicKey,
    hasCandidateAPIKey: !!c.candidateAPIKey,
    candidateAPIKeyRenewalDate: c.candidateAPIKeyRenewalDate ? c.candidateAPIKeyRenewalDate.toISOString() : null,
    integrations: c.integrations ?? {},
    unreadConversationsCount: c.unreadConversationsCount,
    pageSummary: (c.pageSummary ?? []) as Client['pageSummary'],
    indeedApplyQuestionsGroups: c.indeedApplyQuestionsGroups ?? [],
    defaultIndeedApplyQuestions: c.defaultIndeedApplyQuestions ?? null,
    ga4MeasurementId: c.ga4MeasurementId,
    logo: c.logo,
    utmSource: c.utmSource,
    utmMedium: c.utmMedium,
    createdBy: c.createdBy,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
