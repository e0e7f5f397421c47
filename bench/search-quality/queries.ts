/**
 * Held-out search-quality queries against the demo tenant's 300 jobs (apps/server/src/jobs/seed.ts).
 * Each query says what a seeker typed (keyword box, location box, distance) and which jobs a person
 * would call a right answer, written independently of the search code: a title pattern and a place
 * given by its own coordinates (not the gazetteer), a state, or remote work.
 *
 * `fallbackMiles`: nothing matches inside the distance, so the sensible answer is the nearest
 * matching jobs; any job matching the title within that many miles of the place counts.
 * `sensible: false`: no job of the demo tenant is a sensible answer (the empty state is right).
 */
export interface QualityQuery {
  keywords?: string;
  location?: string;
  radius?: number;
  /** Which jobs are right answers. */
  title?: RegExp;
  near?: [lat: number, lng: number];
  /** Miles around `near` (default: the search's radius, 25 when none is given). */
  miles?: number;
  state?: string;
  remote?: boolean;
  fallbackMiles?: number;
  sensible?: false;
}

const AUSTIN: [number, number] = [30.2672, -97.7431];
const DALLAS: [number, number] = [32.7767, -96.797];
const CHICAGO: [number, number] = [41.8781, -87.6298];
const NEW_YORK: [number, number] = [40.7128, -74.006];
const HOUSTON: [number, number] = [29.7604, -95.3698];

export const QUERIES: QualityQuery[] = [
  // Abbreviations and synonyms of job titles.
  { keywords: 'RN', title: /registered nurse/i },
  { keywords: 'rn', title: /registered nurse/i },
  { keywords: 'Registered Nurse', title: /registered nurse/i },
  { keywords: 'LPN', title: /licensed practical nurse/i },
  { keywords: 'LVN', title: /licensed practical nurse/i },
  { keywords: 'CNA', title: /certified nursing assistant/i },
  { keywords: 'nursing assistant', title: /certified nursing assistant/i },
  { keywords: 'nurse aide', title: /certified nursing assistant/i },
  { keywords: 'NP', title: /nurse practitioner/i },
  { keywords: 'PT', title: /physical therapist/i },
  { keywords: 'physical therapy', title: /physical therapist/i },
  { keywords: 'RT', title: /respiratory therapist/i },
  { keywords: 'ER nurse', title: /emergency room nurse/i },
  { keywords: 'ICU RN', title: /icu registered nurse/i },
  { keywords: 'peds nurse', title: /pediatric nurse/i },
  { keywords: 'pharmacy tech', title: /pharmacy technician/i },
  { keywords: 'CPhT', title: /pharmacy technician/i },
  { keywords: 'rad tech', title: /radiologic technologist/i },
  { keywords: 'x-ray tech', title: /radiologic technologist/i },
  { keywords: 'surgical tech', title: /surgical technologist/i },
  { keywords: 'scrub tech', title: /surgical technologist/i },
  { keywords: 'lab tech', title: /medical laboratory scientist/i },
  { keywords: 'front desk', title: /medical receptionist|patient access/i },
  { keywords: 'medical billing', title: /medical billing/i },
  { keywords: 'software developer', title: /software engineer/i },
  { keywords: 'programmer', title: /software engineer/i },
  { keywords: 'IT support', title: /help desk|systems administrator/i },
  { keywords: 'sysadmin', title: /systems administrator/i },
  { keywords: 'EHR analyst', title: /ehr application analyst/i },
  { keywords: 'housekeeping', title: /environmental services/i },
  { keywords: 'EVS', title: /environmental services/i },
  { keywords: 'janitor', title: /environmental services/i },
  { keywords: 'dietary aide', title: /food service/i },
  { keywords: 'maintenance', title: /maintenance/i },
  { keywords: 'transport', title: /patient transporter/i },
  // Plain words, and typos in titles.
  { keywords: 'nurse', title: /nurse|nursing/i },
  { keywords: 'pharmacist', title: /^pharmacist$/i },
  { keywords: 'charge nurse', title: /charge nurse/i },
  { keywords: 'data analyst', title: /data analyst/i },
  { keywords: 'registerd nurse', title: /registered nurse/i },
  { keywords: 'pharmasist', title: /^pharmacist$/i },
  { keywords: 'softwre engineer', title: /software engineer/i },
  { keywords: 'respitory therapist', title: /respiratory therapist/i },
  { keywords: 'nurse practioner', title: /nurse practitioner/i },
  { keywords: 'nurse jobs', title: /nurse|nursing/i },
  // Places: city, "city, state" by name or code, ZIP, "city state ZIP", state, country, typos.
  { location: 'Austin', near: AUSTIN },
  { location: 'Austin, TX', near: AUSTIN },
  { location: 'Austin, Texas', near: AUSTIN },
  { location: 'Austin TX 78701', near: AUSTIN },
  { location: 'Austin, TX 78701', near: AUSTIN },
  { location: '78701', near: AUSTIN },
  { location: 'Texas', state: 'TX' },
  { location: 'TX', state: 'TX' },
  { location: 'California', state: 'CA' },
  { location: 'North Carolina', state: 'NC' },
  { location: 'Dallas', near: DALLAS },
  { location: 'Dallas, TX', near: DALLAS },
  { location: 'Chicago, IL', near: CHICAGO },
  { location: 'chicago il', near: CHICAGO },
  { location: 'Chicgo', near: CHICAGO },
  { location: 'Pittsburg, PA', near: [40.4406, -79.9959] },
  { location: 'Seatle', near: [47.6062, -122.3321] },
  { location: 'Minneapolis, Minnesota', near: [44.9778, -93.265] },
  { location: 'Sacramento CA 95814', near: [38.5816, -121.4944] },
  { location: 'St. Louis, MO', near: [38.627, -90.1994] },
  { location: 'Washington, DC', near: [38.9072, -77.0369] },
  { location: 'New York, NY', near: NEW_YORK },
  { location: 'NYC', near: NEW_YORK },
  { location: 'United States' },
  { location: 'USA' },
  { location: 'Remote', remote: true },
  { location: 'El Paso, TX', near: [31.7619, -106.485], fallbackMiles: 450 },
  { location: 'Boise, ID', near: [43.615, -116.2023], fallbackMiles: 400 },
  // Keyword and place together.
  { keywords: 'RN', location: 'Texas', title: /registered nurse/i, state: 'TX' },
  { keywords: 'RN', location: 'Austin, Texas', radius: 50, title: /registered nurse/i, near: AUSTIN },
  { keywords: 'nurse', location: 'Chicgo', title: /nurse|nursing/i, near: CHICAGO },
  { keywords: 'CNA', location: 'Dallas', radius: 50, title: /certified nursing assistant/i, near: DALLAS, fallbackMiles: 500 },
  { keywords: 'physical therapist', location: 'Houston, TX', radius: 50, title: /physical therapist/i, near: HOUSTON },
  { keywords: 'LPN', location: 'Florida', title: /licensed practical nurse/i, state: 'FL' },
  { keywords: 'software engineer', location: 'Remote', title: /software engineer/i, remote: true },
  { keywords: 'pharmacist', location: 'Boise, ID', title: /^pharmacist$/i, near: [43.615, -116.2023], fallbackMiles: 700 },
  { keywords: 'nurse practitioner', location: '10001', radius: 10, title: /nurse practitioner/i, near: NEW_YORK, fallbackMiles: 1500 },
  // No sensible job at a health system: the empty state is the right answer.
  { keywords: 'truck driver', sensible: false },
  { keywords: 'astronaut', sensible: false },
];
