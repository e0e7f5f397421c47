/**
 * Words for the codes the product stores: what a person reads instead of `careersite`,
 * `userTypeHarvestPlus` or `dbo-talk-later`. One table per kind of code, shared by the portal and the
 * server (activity summaries, mails), so a code is worded the same everywhere. A code missing from a
 * table is still shown as words (camelCase and kebab-case split, first letter capitalised), never raw.
 */

/** "userTypeHarvestPlus" -> "User type harvest plus", "dbo-talk-later" -> "Dbo talk later". */
export function humanize(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : '';
}

/** The word for `code` in `table`, else the code made readable. */
export const labelOf = (table: Readonly<Record<string, string>>, code: string | null | undefined): string =>
  code == null || code === '' ? '' : (table[code] ?? table[code.toLowerCase()] ?? humanize(code));

/** Where a candidate or application came from. */
export const sourceLabels: Readonly<Record<string, string>> = {
  careersite: 'Career site',
  'career-site': 'Career site',
  indeed: 'Indeed',
  'indeed-apply': 'Indeed Apply',
  indeedapply: 'Indeed Apply',
  referral: 'Referral',
  manual: 'Added by hand',
  import: 'Import',
  linkedin: 'LinkedIn',
  sms: 'Text message',
  chatbot: 'Chatbot',
  wave: 'Video profile',
  feed: 'Job feed',
  file: 'File',
  recruiter: 'Recruiter',
};

/** Statuses of jobs, applications, imports, campaigns, invitations, profiles and users. */
export const statusLabels: Readonly<Record<string, string>> = {
  draft: 'Draft',
  open: 'Open',
  closed: 'Closed',
  new: 'New',
  reviewed: 'Reviewed',
  screening: 'Screening',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  active: 'Active',
  queued: 'Waiting to start',
  running: 'Running',
  succeeded: 'Finished',
  failed: 'Failed',
  sending: 'Sending',
  sent: 'Sent',
  Pending: 'Pending',
  Accepted: 'Accepted',
  Revoked: 'Revoked',
  Expired: 'Expired',
  Active: 'Active',
  Suspended: 'Suspended',
  'In Progress': 'In progress',
  'Pending Review': 'Waiting for review',
  Approved: 'Approved',
  Rejected: 'Rejected',
  instant: 'At once',
  daily: 'Daily',
  weekly: 'Weekly',
};

/**
 * Where a message (a conversation message, a rejection email) is on its way to the candidate. Its own
 * table: `queued` and `failed` read differently for a message than for an import.
 */
export const deliveryLabels: Readonly<Record<string, string>> = {
  queued: 'Queued',
  scheduled: 'Scheduled',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Not delivered',
  cancelled: 'Cancelled',
  received: 'Received',
  opened: 'Opened',
};

/** Where an offer letter is: its own table, since an approved offer is not yet sent and a sent one not yet answered. */
export const offerStatusLabels: Readonly<Record<string, string>> = {
  pending_approval: 'Waiting for approval',
  approved: 'Approved, not sent',
  sent: 'Sent to the candidate',
  accepted: 'Accepted',
  declined: 'Declined',
};

/** How a message travels. */
export const channelLabels: Readonly<Record<string, string>> = { email: 'Email', sms: 'Text message' };

/** What was done with a candidate's personal data (the privacy audit). */
export const privacyActionLabels: Readonly<Record<string, string>> = {
  viewed: 'Viewed',
  exported: 'Exported data',
  'exported-files': 'Exported files',
  erased: 'Erased',
  anonymised: 'Anonymised (retention)',
};

/** Account types (userTypeGlobal) and the product role levels. */
export const accountTypeLabels: Readonly<Record<string, string>> = { admin: 'Administrator', recruiter: 'Recruiter', user: 'Client staff' };
export const roleLevelLabels: Readonly<Record<string, string>> = { none: 'No access', member: 'Member', editor: 'Editor', admin: 'Admin' };

/** The five product roles as fields of a user or an invitation. */
export const productRoleFields = ['userTypeHarvest', 'userTypeHarvestPlus', 'userTypeCultivate', 'userTypeWave', 'userTypeMotivator'] as const;
export type ProductRoleField = (typeof productRoleFields)[number];
export const productNames: Readonly<Record<ProductRoleField, string>> = {
  userTypeHarvest: 'Harvest',
  userTypeHarvestPlus: 'Harvest Plus',
  userTypeCultivate: 'Cultivate',
  userTypeWave: 'Wave',
  userTypeMotivator: 'Motivator',
};
/** What each product covers, in one sentence (the invite dialog's help). */
export const productRights: Readonly<Record<ProductRoleField, string>> = {
  userTypeHarvest: 'Jobs, the career site, applications and candidates.',
  userTypeHarvestPlus: 'Job ads on paid channels: the media planner and Indeed Apply.',
  userTypeCultivate: 'Requisitions, their keywords and ranked candidates, campaigns.',
  userTypeWave: 'Video profiles of the team, meet-the-team pages and widgets.',
  userTypeMotivator: 'Motivator pages and the motivator search page.',
};
/** What each level allows within a product, in one sentence. */
export const roleLevelRights: Readonly<Record<string, string>> = {
  none: 'The product is hidden.',
  member: 'Uses and reads the product: works with its candidates, changes none of its settings or content.',
  editor: 'Also changes the product’s shared settings and content (jobs, pages, profiles, templates).',
  admin: 'Also manages the product for the client: reviews and publishing.',
};

type Level = 'none' | 'member' | 'editor' | 'admin';
/**
 * Ready-made sets of the five product roles for the invite dialog: a person is invited as what they
 * do; "Customise" sets each product by hand.
 */
export const rolePresets: ReadonlyArray<{ id: string; label: string; description: string; roles: Record<ProductRoleField, Level> }> = [
  {
    id: 'admin',
    label: 'Admin',
    description: 'Everything in every product, including reviews, publishing and settings.',
    roles: { userTypeHarvest: 'admin', userTypeHarvestPlus: 'admin', userTypeCultivate: 'admin', userTypeWave: 'admin', userTypeMotivator: 'admin' },
  },
  {
    id: 'recruiter',
    label: 'Recruiter',
    description: 'Edits jobs, the career site, candidates and campaigns; uses video profiles and motivators.',
    roles: { userTypeHarvest: 'editor', userTypeHarvestPlus: 'editor', userTypeCultivate: 'editor', userTypeWave: 'member', userTypeMotivator: 'member' },
  },
  {
    id: 'hiring-manager',
    label: 'Hiring manager',
    description: 'Reads jobs and requisitions and works with their candidates; changes no settings.',
    roles: { userTypeHarvest: 'member', userTypeHarvestPlus: 'none', userTypeCultivate: 'member', userTypeWave: 'none', userTypeMotivator: 'none' },
  },
  {
    id: 'interviewer',
    label: 'Interviewer',
    description: 'Sees jobs and the candidates who applied, to prepare and note interviews.',
    roles: { userTypeHarvest: 'member', userTypeHarvestPlus: 'none', userTypeCultivate: 'none', userTypeWave: 'none', userTypeMotivator: 'none' },
  },
  {
    id: 'read-only',
    label: 'Read only',
    description: 'Uses and reads every product; changes no settings or content.',
    roles: { userTypeHarvest: 'member', userTypeHarvestPlus: 'member', userTypeCultivate: 'member', userTypeWave: 'member', userTypeMotivator: 'member' },
  },
];

/** Entities named by the activity log. */
export const entityLabels: Readonly<Record<string, string>> = {
  application: 'application',
  candidate: 'candidate',
  category: 'category',
  client: 'client',
  defaultIndeedApplyQuestions: 'default Indeed Apply questions',
  department: 'department',
  emailTemplate: 'email template',
  favicon: 'site icon',
  formQuestion: 'form question',
  image: 'image',
  indeedApplyCredentials: 'Indeed Apply credentials',
  indeedApplyQuestionsGroups: 'Indeed Apply question group',
  invitation: 'invitation',
  job: 'job',
  jobImport: 'job import',
  jobPlanning: 'job ad planning',
  matrix: 'permission matrix',
  mediaLibrary: 'media library',
  meetTheTeam: 'meet-the-team page',
  motivator: 'motivator',
  motivatorSearchPage: 'motivator search page',
  pageDesign: 'career-site design',
  pageTemplate: 'career-site page',
  prequalificationQuestions: 'prequalification questions',
  publishedPage: 'published page',
  question: 'question',
  requisition: 'requisition',
  sso: 'single sign-on settings',
  user: 'user',
  userSettings: 'user settings',
  waveProfile: 'video profile',
  widget: 'widget',
};

/** Activity-log actions as past-tense verbs. */
export const actionLabels: Readonly<Record<string, string>> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  close: 'closed',
  publish: 'published',
  unpublish: 'unpublished',
  restore: 'restored',
  note: 'noted',
  'dispatch-embed-code': 'sent the embed code of',
  approve: 'approved',
  reject: 'rejected',
  anonymise: 'anonymised',
  merge: 'merged',
};

/** Changed fields named by the activity log (the keys of `changes`). */
export const fieldLabels: Readonly<Record<string, string>> = {
  userTypeGlobal: 'account type',
  userTypeHarvest: 'Harvest role',
  userTypeHarvestPlus: 'Harvest Plus role',
  userTypeCultivate: 'Cultivate role',
  userTypeWave: 'Wave role',
  userTypeMotivator: 'Motivator role',
  basicInfo: 'name',
  firstName: 'first name',
  lastName: 'last name',
  email: 'email address',
  status: 'status',
  password: 'password',
  clientId: 'client',
  jobId: 'job',
  jobIds: 'jobs',
  candidateId: 'candidate',
  name: 'name',
  nameSlug: 'site address',
  domainURL: 'custom domain',
  subscriptions: 'products',
  integrations: 'integrations',
  timeZone: 'time zone',
  logo: 'logo',
  ga4MeasurementId: 'analytics ID',
  adidsAssigned: 'ad IDs assigned',
  keywords: 'keywords',
  title: 'title',
  description: 'description',
  content: 'content',
  pages: 'pages',
  seo: 'search settings',
  tags: 'tags',
  note: 'note',
  to: 'recipient',
  invited: 'invited address',
  crm: 'CRM settings',
};

/** Default page templates (core §2 harvest routes): their names in words. */
export const pageTemplateLabels: Readonly<Record<string, string>> = {
  Home: 'Home',
  Search: 'Search',
  Job: 'Job',
  'Thank you': 'Thank you',
  'thank-you': 'Thank you',
  'Saved jobs': 'Saved jobs',
  'saved-jobs': 'Saved jobs',
  Benefits: 'Benefits',
  'additional-page-1': 'Additional page',
  'dbo-benefit': 'Driver benefits',
  'dbo-no': 'Not interested',
  'dbo-talk-later': 'Talk later',
  'dbo-talk-now': 'Talk now',
  'dbo-yes': 'Interested',
  'driver-referral': 'Driver referral',
  'template-2': 'Second page template',
};
/** A page's name in words: a default template's code becomes its label; a name the client chose stays as it is. */
export const pageLabel = (name: string): string => pageTemplateLabels[name] ?? name;

/** "Harvest Plus role, status" for the changed fields of an activity entry. */
export const changedFieldsText = (changes: Record<string, unknown>): string =>
  Object.keys(changes)
    .map((k) => fieldLabels[k] ?? humanize(k).toLowerCase())
    .join(', ');

/** An entity in words, lower case as in a sentence: "pageDesign" -> "career-site design". */
export const entityLabel = (entity: string): string => entityLabels[entity] ?? humanize(entity).toLowerCase();

/**
 * One sentence for an activity entry when the server has no better one: "Ann Lee changed the
 * user (Harvest Plus role)", "Someone created the career-site design".
 */
export function activitySentence(e: { actor: string | null; action: string; entity: string; changes?: Record<string, unknown> }): string {
  const who = e.actor ?? 'The system';
  const entity = entityLabel(e.entity);
  if (e.action === 'note') return `${who} added a note`;
  const verb = actionLabels[e.action] ?? humanize(e.action).toLowerCase();
  const fields = e.action === 'update' && e.changes && Object.keys(e.changes).length ? ` (${changedFieldsText(e.changes)})` : '';
  return `${who} ${verb} the ${entity}${fields}`;
}
