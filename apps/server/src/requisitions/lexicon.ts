/**
 * What a recruiter screens for, by trade: licences, certifications, skills and tools that the keyword
 * extraction recognises as requirements (requisitions/extract-keywords.ts), and the boilerplate it
 * never offers as a keyword (days, months, generic verbs, soft adjectives, pay and schedule words).
 * Each entry is the keyword as shown, then the other ways postings write it (matched case-insensitively
 * as whole words). Kept here, beside the extraction, so the resume parser's lexicon stays its own.
 */
export type TermKind = 'licence' | 'certification' | 'skill' | 'tool';

const RAW: Record<TermKind, string[]> = {
  licence: [
    'RN|registered nurse|registered nurses',
    'LPN|licensed practical nurse|LVN',
    'CNA|certified nursing assistant',
    'NP|nurse practitioner',
    'CDL-A|cdl a|class a cdl|class a commercial|cdl class a|class a license|class a licence',
    'CDL-B|cdl b|class b cdl|cdl class b',
    'CDL',
    'hazmat endorsement|hazmat|h endorsement',
    'tanker endorsement|n endorsement',
    'doubles/triples|t endorsement',
    'TWIC|twic card',
    'DOT medical card|dot medical|medical card|dot physical',
    "driver's licence|driver's license|drivers license|driving licence|valid license",
    'journeyman licence|journeyman license|journeyman',
    'master electrician',
    'CPA',
    'series 7',
    'series 63',
    'series 66',
    'PE licence|professional engineer',
    'pharmacy technician licence|pharmacy technician license',
    'food handler card|food handler|food handlers card',
    'TABC|alcohol server certification|servsafe alcohol',
    'EPA 608|epa section 608|epa universal',
    'CDL permit|cdl learner',
  ],
  certification: [
    'BLS|basic life support',
    'ACLS|advanced cardiac life support',
    'PALS|pediatric advanced life support',
    'NRP|neonatal resuscitation',
    'TNCC',
    'CCRN',
    'CEN',
    'OSHA 10|osha-10',
    'OSHA 30|osha-30',
    'forklift certification|forklift certified|forklift certificate|forklift license',
    'ServSafe|servsafe manager',
    'CFA',
    'CMA',
    'CPR',
    'first aid',
    'AWS certification|aws certified',
    'PMP',
    'NATE',
    'AWS D1.1|d1.1',
    'NCCER',
    'CompTIA Security+|security+',
    'Six Sigma|lean six sigma',
    'ASE|ase certified|ase certification',
    'HIPAA',
    'PTCB',
    'CAMS',
    'CFP',
    'FINRA',
  ],
  skill: [
    'ICU|intensive care|intensive care unit|critical care',
    'telemetry',
    'pediatric|pediatrics|paediatric',
    'cardiac',
    'med-surg|medical-surgical|med surg',
    'emergency department|emergency room|ER',
    'labor and delivery|L&D',
    'NICU',
    'PACU',
    'ventilator management|ventilators|mechanical ventilation',
    'hemodynamic monitoring|hemodynamics',
    'arterial lines|arterial line|a-lines',
    'central lines|central line',
    'titrating drips|titrate drips|titration',
    'wound care',
    'medication administration|med pass',
    'IV therapy|iv starts|iv insertion',
    'phlebotomy',
    'vital signs',
    'patient assessment|patient assessments',
    'dementia care|memory care',
    'home health',
    'infection control',
    'over-the-road|OTR',
    'regional routes',
    'local routes|home daily',
    'flatbed',
    'reefer|refrigerated',
    'dry van',
    'tanker',
    'pre-trip inspection|pre-trip inspections|pre-trip|pretrip',
    'hours of service|HOS',
    'load securement|securing loads|tarping',
    'clean MVR|clean driving record|mvr',
    'last-mile delivery|last mile|route delivery',
    'pallet jack|electric pallet jack',
    'forklift|forklifts|sit-down forklift',
    'reach truck',
    'order picker|order picking|order selector',
    'RF scanner|rf scanners|rf gun|handheld scanner',
    'inventory control|inventory management|cycle counts|cycle counting',
    'shipping and receiving|receiving',
    'packing',
    'loading and unloading|loading trucks|unloading',
    'lift 50 lbs|lift 50 pounds|lifting 50',
    'cash handling|cash register|handling cash',
    'point of sale|POS',
    'visual merchandising|merchandising|planograms|planogram',
    'customer service',
    'sales goals|sales targets|upselling|upsell',
    'loss prevention',
    'stocking|replenishment',
    'scheduling',
    'store operations',
    'TypeScript',
    'JavaScript',
    'React',
    'Node.js|nodejs',
    'Python',
    'Java',
    'Golang|golang',
    'C#',
    '.NET|dotnet|asp.net',
    'SQL',
    'PostgreSQL|postgres',
    'MySQL',
    'REST APIs|rest api|restful',
    'GraphQL',
    'microservices',
    'CI/CD|continuous integration',
    'unit testing|automated testing|test automation',
    'system design|distributed systems',
    'machine learning',
    'data pipelines|etl',
    'accounts payable|AP',
    'accounts receivable|AR',
    'reconciliation|reconciliations|account reconciliation',
    'month-end close|month end close|month-end',
    'GAAP|us gaap',
    'financial reporting',
    'financial modeling|financial modelling',
    'budgeting|forecasting',
    'payroll',
    'audit|auditing',
    'tax preparation|tax returns',
    'general ledger|journal entries',
    'KYC|know your customer',
    'AML|anti-money laundering',
    'underwriting',
    'credit analysis',
    'front desk',
    'guest services|guest relations',
    'check-in|check-ins',
    'reservations',
    'housekeeping',
    'food preparation|food prep|prep cook',
    'line cook|line cooking',
    'food safety',
    'bartending|mixology|craft cocktails',
    'banquets|banquet',
    'fine dining',
    'wiring|electrical wiring',
    'conduit bending|conduit',
    'NEC|national electrical code',
    'blueprints|blueprint reading|schematics',
    'troubleshooting',
    'commercial electrical',
    'HVAC',
    'refrigeration',
    'plumbing|pipefitting',
    'MIG welding|MIG',
    'TIG welding|TIG',
    'stick welding|smaw',
    'fabrication',
    'carpentry|framing',
    'preventive maintenance|preventative maintenance',
    'PLC|plc troubleshooting',
    'hydraulics',
    'pneumatics',
    'bilingual|spanish',
    'hand tools|power tools',
  ],
  tool: [
    'Epic|epic emr',
    'Cerner',
    'EMR|EHR|electronic medical records|electronic health records',
    'ELD|electronic logging device|electronic logs',
    'WMS|warehouse management system',
    'SAP',
    'Excel|microsoft excel|advanced excel|pivot tables|vlookup',
    'QuickBooks',
    'NetSuite',
    'Oracle',
    'Workday',
    'Salesforce',
    'Bloomberg',
    'Tableau',
    'Power BI|powerbi',
    'AWS|amazon web services',
    'Azure',
    'GCP|google cloud',
    'Docker',
    'Kubernetes|k8s',
    'Terraform',
    'Git|github|gitlab',
    'Linux',
    'Opera PMS|opera',
    'Micros|micros pos',
    'Toast|toast pos',
    'multimeter',
    'Jira',
    'Airflow',
    'Snowflake',
    'BigQuery',
    'Redis',
    'Angular',
    'gRPC',
    'Prometheus',
    'Grafana',
  ],
};

export interface LexiconTerm {
  keyword: string;
  kind: TermKind;
  forms: string[];
}

/** Terms that are only requirements when written in capitals (they are ordinary words otherwise). */
const CASE_SENSITIVE = new Set(['ER', 'AP', 'AR', 'POS', 'MIG', 'TIG', 'HOS', 'CEN', 'CMA', 'NP', 'AML', 'CFA', 'ASE', 'PE licence']);

export const LEXICON: LexiconTerm[] = (Object.entries(RAW) as Array<[TermKind, string[]]>).flatMap(([kind, list]) =>
  list.map((line) => {
    const forms = line.split('|');
    return { keyword: forms[0], kind, forms };
  }),
);

/** One pattern per form; whole words, allowing "-" or a space between parts. */
export const LEXICON_PATTERNS: Array<{ term: LexiconTerm; re: RegExp }> = LEXICON.flatMap((term) =>
  term.forms.map((form) => {
    const body = form
      .split(/[\s-]+/)
      .map(escape)
      .join('[\\s-]+');
    const flags = CASE_SENSITIVE.has(form) ? 'gu' : 'giu';
    return { term, re: new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}+#]|\\.[\\p{L}])`, flags) };
  }),
);

/**
 * Boilerplate a recruiter would never screen on: days, months, schedule and pay words, generic verbs,
 * soft adjectives and everyday nouns of job ads. The client's own name is added per job.
 */
export const BOILERPLATE = new Set(
  `monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun weekday weekdays weekend weekends
  january february march april may june july august september october november december
  am pm hour hours hourly shift shifts schedule schedules overtime week weekly daily night nights morning mornings evening evenings pay paid pays bonus bonuses
  competitive compensation wage wages weekly 401k 401(k) pto vacation holiday holidays insurance medical dental vision health-insurance discount discounts tuition reimbursement sign-on signing
  bring brings calm clear clearly assist assists assisting ensure ensures ensuring maintain maintains maintaining perform performs performing support supports supporting follow follows following
  handle handles manage manages managing keep keeps take takes taking get gets go goes come comes need needs want wants like love loves enjoy enjoys thrive thrives grow grows growing
  build builds ship ships help helps helping serve serves serving lead leads leading learn learns learning apply applying hire hiring hired care caring cares
  deliver delivers delivering communicate communicates provide provides work works worked collaborate collaborates partner partners use uses used make makes create creates
  fast-paced fast paced friendly positive reliable dependable motivated self-starter detail-oriented detail oriented hardworking passionate dedicated driven energetic flexible professional
  compassionate caring safe safely safety-minded awesome amazing exciting rewarding dynamic supportive inclusive diverse
  people person persons environment culture family families mission values community world life lives place places today tomorrow now
  store stores location locations area areas site sites office offices facility facilities department departments unit units company's client clients customer's
  employer employee employees staff member members colleagues manager managers supervisor supervisors associate associates
  equal eoe e-verify opportunity employer veterans disability disabilities race religion gender orientation origin
  minimum preferred required requires require plus bonus ideally nice must qualification qualifications ability abilities knowledge understanding proficiency proficient familiarity familiar
  active current valid license licence licenses licences certification certifications certified certificate state states local nationwide
  alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah vermont virginia washington wisconsin wyoming
  nurse nurses driver drivers truck operator operators specialist specialists clerk associate assistant agent analyst engineer developer technician technicians consultant advisor accountant bartender carpenter plumber electrician welder
  senior junior sr jr mid-level entry-level overnight months month lbs pounds lift lifting class endorsement endorsements universal stocker picker packer mobile
  comfortable willing attention availability open carry heavy transportation registration administration children car homes home rooms guests english orders stand data management commission plans
  high school diploma ged degree bachelor bachelor's education background check drug screen drug test screening`
    .split(/\s+/)
    .filter(Boolean),
);

const FORMS = new Map(LEXICON.map((t) => [t.keyword.toLowerCase(), t.forms]));

/** Every way a keyword is written when it is a lexicon term ("RN" → RN, registered nurse, …); else the keyword itself. */
export function formsOf(keyword: string): string[] {
  return FORMS.get(keyword.toLowerCase()) ?? [keyword];
}
