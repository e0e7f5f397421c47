/**
 * Job-title synonyms and abbreviations every career site understands (decision 0601). Each group is a
 * set of terms that mean the same to a seeker: a search for one finds jobs titled with any other. A
 * client adds its own groups in the portal (search_synonyms); they extend this list, never replace it.
 * Mostly healthcare, the industry of most clients, with the common general ones.
 * Terms are matched as whole words, case-insensitively; punctuation counts as a space ("x-ray" is "x ray").
 */
export const BUILT_IN_SYNONYMS: readonly (readonly string[])[] = [
  // Nursing
  ['rn', 'registered nurse'],
  ['lpn', 'lvn', 'licensed practical nurse', 'licensed vocational nurse'],
  ['cna', 'certified nursing assistant', 'nursing assistant', 'nurse aide', 'nurses aide', 'stna'],
  ['np', 'nurse practitioner', 'aprn', 'fnp'],
  ['crna', 'nurse anesthetist'],
  ['er', 'ed', 'emergency room', 'emergency department'],
  ['icu', 'intensive care', 'critical care'],
  ['peds', 'pediatric', 'paediatric'],
  ['l&d', 'labor and delivery'],
  ['med surg', 'medical surgical'],
  ['hha', 'home health aide'],
  ['pca', 'pct', 'patient care assistant', 'patient care technician'],
  // Therapy and allied health
  ['pt', 'physical therapist', 'physical therapy', 'physiotherapist'],
  ['pta', 'physical therapist assistant'],
  ['ot', 'occupational therapist', 'occupational therapy'],
  ['cota', 'occupational therapy assistant'],
  ['slp', 'speech language pathologist', 'speech therapist'],
  ['rt', 'rrt', 'respiratory therapist'],
  ['rad tech', 'x ray tech', 'x ray technician', 'radiologic technologist', 'radiology technician'],
  ['cst', 'scrub tech', 'surgical tech', 'surgical technologist'],
  ['lab tech', 'mlt', 'mls', 'medical laboratory scientist', 'medical lab technician', 'clinical laboratory scientist'],
  ['pharm tech', 'pharmacy tech', 'cpht', 'pharmacy technician'],
  ['ma', 'cma', 'medical assistant'],
  ['pa', 'physician assistant'],
  ['md', 'physician', 'doctor'],
  ['emt', 'emergency medical technician'],
  ['phlebotomist', 'phlebotomy'],
  // Patient services and operations
  ['front desk', 'receptionist', 'patient access'],
  ['evs', 'environmental services', 'housekeeping', 'housekeeper', 'janitor', 'custodian'],
  ['dietary aide', 'food service', 'cafeteria'],
  ['transporter', 'transport'],
  ['csr', 'customer service representative', 'customer service rep'],
  // Technology
  ['it', 'information technology'],
  ['it support', 'help desk', 'desktop support'],
  ['sysadmin', 'systems administrator', 'system administrator'],
  ['software developer', 'software engineer', 'programmer', 'developer', 'swe'],
  ['ehr', 'emr', 'electronic health record'],
  ['qa', 'quality assurance'],
  // Driving, trades, office
  ['cdl', 'cdl driver', 'truck driver', 'commercial driver', 'tractor trailer driver'],
  ['hvac', 'heating and air'],
  ['hr', 'human resources'],
  // Words of titles
  ['tech', 'technician', 'technologist'],
  ['rep', 'representative'],
  ['asst', 'assistant'],
  ['mgr', 'manager'],
  ['coord', 'coordinator'],
  ['admin', 'administrator', 'administrative'],
  ['sr', 'senior'],
  ['jr', 'junior'],
];
