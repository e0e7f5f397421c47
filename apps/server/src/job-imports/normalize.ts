import { employmentTypes, jobWritable, type JobWritable } from '@hh/contract/jobs';

/**
 * One imported record (CSV row, JSON object or Indeed <job>) to job fields. Column names are
 * matched loosely (case, spaces, underscores and dashes ignored) with the usual aliases of
 * Indeed-style feeds, so `referencenumber`, `Reference Number` and `reference_number` all work.
 */
const ALIASES: Record<string, keyof NormalisedFields> = {
  title: 'title',
  jobtitle: 'title',
  description: 'description',
  jobdescription: 'description',
  referencenumber: 'referenceNumber',
  reference: 'referenceNumber',
  refnumber: 'referenceNumber',
  jobreference: 'referenceNumber',
  requisitionid: 'requisitionId',
  requisition: 'requisitionId',
  department: 'department',
  dept: 'department',
  category: 'category',
  employmenttype: 'employmentType',
  jobtype: 'employmentType',
  address1: 'address1',
  address: 'address1',
  streetaddress: 'address1',
  city: 'city',
  state: 'state',
  zipcode: 'zipCode',
  zip: 'zipCode',
  postalcode: 'zipCode',
  country: 'country',
  remote: 'remote',
  remotetype: 'remote',
  salarymin: 'salaryMin',
  minsalary: 'salaryMin',
  salarymax: 'salaryMax',
  maxsalary: 'salaryMax',
  salary: 'salary',
  salarycurrency: 'salaryCurrency',
  currency: 'salaryCurrency',
  salaryperiod: 'salaryPeriod',
  dateposted: 'datePosted',
  date: 'datePosted',
  posteddate: 'datePosted',
  validthrough: 'validThrough',
  expirationdate: 'validThrough',
  applyurl: 'applyUrl',
  url: 'applyUrl',
  recruitername: 'recruiterName',
  recruiteremail: 'recruiterEmail',
  email: 'recruiterEmail',
  status: 'status',
};

interface NormalisedFields {
  title: string;
  description: string;
  referenceNumber: string;
  requisitionId: string;
  department: string;
  category: string;
  employmentType: string;
  address1: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  remote: string;
  salaryMin: string;
  salaryMax: string;
  salary: string;
  salaryCurrency: string;
  salaryPeriod: string;
  datePosted: string;
  validThrough: string;
  applyUrl: string;
  recruiterName: string;
  recruiterEmail: string;
  status: string;
}

export interface ImportRecord {
  line: number;
  fields: JobWritable & { referenceNumber: string };
  department: string | null;
  category: string | null;
}

const key = (k: string) => k.toLowerCase().replace(/[^a-z0-9]/g, '');
const textOf = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return '#text' in (v as object) ? textOf((v as { '#text': unknown })['#text']) : '';
  return String(v).trim();
};

export function employmentTypeOf(s: string): (typeof employmentTypes)[number] | undefined {
  const k = key(s);
  if (!k) return undefined;
  const known = employmentTypes.find((t) => key(t) === k);
  if (known) return known;
  if (k.startsWith('full')) return 'FULL_TIME';
  if (k.startsWith('part')) return 'PART_TIME';
  if (k.startsWith('contract')) return 'CONTRACTOR';
  if (k.startsWith('temp') || k.startsWith('seasonal')) return 'TEMPORARY';
  if (k.startsWith('intern')) return 'INTERN';
  if (k.startsWith('volunteer')) return 'VOLUNTEER';
  if (k.startsWith('perdiem') || k === 'prn') return 'PER_DIEM';
  return 'OTHER';
}

const num = (s: string) => {
  const n = Number(s.replace(/[$,\s]/g, ''));
  return Number.isFinite(n) ? n : Number.NaN;
};
const date = (s: string) => {
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? s : d.toISOString();
};

/** Returns the record, or the reasons it cannot be imported (joined in one message per line). */
export function normaliseRecord(raw: Record<string, unknown>, line: number): ImportRecord | { line: number; message: string } {
  const f: Partial<NormalisedFields> = {};
  for (const [k, v] of Object.entries(raw)) {
    const target = ALIASES[key(k)];
    if (target && !f[target]) f[target] = textOf(v);
  }
  const out: Record<string, unknown> = {
    title: f.title,
    description: f.description ?? '',
    referenceNumber: f.referenceNumber || f.requisitionId,
  };
  if (f.requisitionId) out.requisitionId = f.requisitionId;
  if (f.employmentType) out.employmentType = employmentTypeOf(f.employmentType);
  for (const k of ['address1', 'city', 'state', 'zipCode', 'recruiterName'] as const) if (f[k]) out[k] = f[k];
  if (f.country)
    out.country =
      f.country.length === 2 ? f.country : f.country.toLowerCase().startsWith('united states') || f.country.toLowerCase() === 'usa' ? 'US' : f.country;
  if (f.remote) out.remote = ['true', 'yes', '1', 'remote', 'fully remote', 'telecommute'].includes(f.remote.toLowerCase()) || key(f.remote).includes('remote');
  if (f.salary && !f.salaryMin && !f.salaryMax) {
    const [a, b] = f.salary.split(/\s*(?:-|–|to)\s*/);
    f.salaryMin = a;
    if (b) f.salaryMax = b;
    if (/hour|hr/i.test(f.salary)) f.salaryPeriod ??= 'HOUR';
  }
  if (f.salaryMin) out.salaryMin = num(f.salaryMin.replace(/[^\d.,$]/g, ''));
  if (f.salaryMax) out.salaryMax = num(f.salaryMax.replace(/[^\d.,$]/g, ''));
  if (f.salaryCurrency) out.salaryCurrency = f.salaryCurrency;
  if (f.salaryPeriod) out.salaryPeriod = f.salaryPeriod.toUpperCase().replace(/LY$/, '').replace('ANNUAL', 'YEAR').replace('HOURLY', 'HOUR');
  if (f.datePosted) out.datePosted = date(f.datePosted);
  if (f.validThrough) out.validThrough = date(f.validThrough);
  if (f.applyUrl) out.applyUrl = f.applyUrl;
  if (f.recruiterEmail) out.recruiterEmail = f.recruiterEmail;
  if (f.status) out.status = f.status.toLowerCase();

  const parsed = jobWritable.safeParse(out);
  const d = parsed.success ? parsed.data : null;
  if (!parsed.success || !parsed.data.referenceNumber || (d?.salaryMin != null && d?.salaryMax != null && d.salaryMin > d.salaryMax)) {
    // Reasons in a recruiter's words ("the title is missing"), never a schema's.
    const issues = parsed.success ? [] : parsed.error.issues.map(humanIssue);
    if (d?.salaryMin != null && d?.salaryMax != null && d.salaryMin > d.salaryMax) issues.push('the highest salary is below the lowest salary');
    if (!out.referenceNumber) issues.unshift('the reference number is missing');
    const text = [...new Set(issues)].join('; ');
    return { line, message: text.charAt(0).toUpperCase() + text.slice(1) };
  }
  return { line, fields: parsed.data as JobWritable & { referenceNumber: string }, department: f.department || null, category: f.category || null };
}

/** What each imported field is called in a message. */
const FIELD_NAMES: Record<string, string> = {
  title: 'the title',
  description: 'the description',
  referenceNumber: 'the reference number',
  requisitionId: 'the requisition id',
  employmentType: 'the employment type',
  address1: 'the street address',
  city: 'the city',
  state: 'the state',
  zipCode: 'the ZIP code',
  country: 'the country',
  remote: 'the remote flag',
  salaryMin: 'the lowest salary',
  salaryMax: 'the highest salary',
  salaryCurrency: 'the salary currency',
  salaryPeriod: 'the salary period',
  datePosted: 'the posting date',
  validThrough: 'the closing date',
  applyUrl: 'the apply URL',
  recruiterName: 'the recruiter name',
  recruiterEmail: 'the recruiter email',
  status: 'the status',
};

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  maximum?: number | bigint;
  minimum?: number | bigint;
  format?: string;
  values?: unknown[];
  expected?: string;
}

/** One schema issue as a sentence fragment: "the title is missing", "the apply URL is not a valid web address". */
export function humanIssue(i: Issue): string {
  const key = String(i.path[0] ?? '');
  const name = FIELD_NAMES[key] ?? (key ? `the ${key}` : 'the job');
  const missing = i.input === undefined || i.input === null || i.input === '';
  switch (i.code) {
    case 'invalid_type':
      if (missing) return `${name} is missing`;
      return i.expected === 'number' ? `${name} must be a number` : `${name} is not valid`;
    case 'too_small':
      return missing || i.minimum === 1 ? `${name} is missing` : `${name} is too short`;
    case 'too_big':
      return typeof i.input === 'number' ? `${name} is too large` : `${name} is too long (at most ${i.maximum} characters)`;
    case 'invalid_format':
      if (i.format === 'email') return `${name} is not a valid email address`;
      if (i.format === 'url') return `${name} is not a valid web address`;
      return `${name} is not in a valid format`;
    case 'invalid_value':
      return i.values?.length ? `${name} must be one of: ${i.values.join(', ')}` : `${name} is not valid`;
    default:
      return `${name} is not valid${i.message ? ` (${i.message})` : ''}`;
  }
}
