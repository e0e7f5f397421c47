import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DemoContext } from '../core/demo-context.ts';

/**
 * Demo data: 300 realistic jobs for the demo tenant across departments, categories,
 * employment types and US cities, so a newcomer sees a working career site at once.
 * Idempotent (reference numbers DEMO-0001...; rows already there are left alone) and fast: one
 * multi-row INSERT ... SELECT that takes coordinates from the gazetteer.
 */
const CATEGORIES = ['Clinical', 'Non-clinical', 'Technology'];

interface Role {
  title: string;
  min: number;
  max: number;
  period: 'YEAR' | 'HOUR';
  remoteOk?: boolean;
}
const DEPARTMENTS: Array<{ name: string; category: string; roles: Role[] }> = [
  {
    name: 'Nursing',
    category: 'Clinical',
    roles: [
      { title: 'Registered Nurse', min: 72000, max: 98000, period: 'YEAR' },
      { title: 'ICU Registered Nurse', min: 80000, max: 112000, period: 'YEAR' },
      { title: 'Emergency Room Nurse', min: 78000, max: 105000, period: 'YEAR' },
      { title: 'Licensed Practical Nurse', min: 26, max: 34, period: 'HOUR' },
      { title: 'Charge Nurse', min: 85000, max: 115000, period: 'YEAR' },
      { title: 'Nurse Practitioner', min: 115000, max: 145000, period: 'YEAR' },
      { title: 'Pediatric Nurse', min: 70000, max: 95000, period: 'YEAR' },
      { title: 'Certified Nursing Assistant', min: 17, max: 22, period: 'HOUR' },
    ],
  },
  {
    name: 'Allied Health',
    category: 'Clinical',
    roles: [
      { title: 'Physical Therapist', min: 85000, max: 105000, period: 'YEAR' },
      { title: 'Respiratory Therapist', min: 62000, max: 82000, period: 'YEAR' },
      { title: 'Radiologic Technologist', min: 30, max: 42, period: 'HOUR' },
      { title: 'Medical Laboratory Scientist', min: 60000, max: 80000, period: 'YEAR' },
      { title: 'Pharmacist', min: 120000, max: 145000, period: 'YEAR' },
      { title: 'Pharmacy Technician', min: 18, max: 24, period: 'HOUR' },
      { title: 'Surgical Technologist', min: 24, max: 32, period: 'HOUR' },
    ],
  },
  {
    name: 'Patient Services',
    category: 'Non-clinical',
    roles: [
      { title: 'Patient Access Representative', min: 17, max: 21, period: 'HOUR' },
      { title: 'Medical Receptionist', min: 16, max: 20, period: 'HOUR' },
      { title: 'Medical Billing Specialist', min: 42000, max: 55000, period: 'YEAR', remoteOk: true },
      { title: 'Patient Care Coordinator', min: 45000, max: 58000, period: 'YEAR' },
    ],
  },
  {
    name: 'Information Technology',
    category: 'Technology',
    roles: [
      { title: 'Software Engineer', min: 110000, max: 150000, period: 'YEAR', remoteOk: true },
      { title: 'Help Desk Analyst', min: 45000, max: 60000, period: 'YEAR' },
      { title: 'Data Analyst', min: 75000, max: 98000, period: 'YEAR', remoteOk: true },
      { title: 'Systems Administrator', min: 80000, max: 105000, period: 'YEAR' },
      { title: 'EHR Application Analyst', min: 85000, max: 115000, period: 'YEAR', remoteOk: true },
    ],
  },
  {
    name: 'Operations',
    category: 'Non-clinical',
    roles: [
      { title: 'Environmental Services Technician', min: 15, max: 19, period: 'HOUR' },
      { title: 'Food Service Associate', min: 15, max: 18, period: 'HOUR' },
      { title: 'Facilities Maintenance Technician', min: 22, max: 30, period: 'HOUR' },
      { title: 'Supply Chain Coordinator', min: 48000, max: 62000, period: 'YEAR' },
      { title: 'Patient Transporter', min: 15, max: 18, period: 'HOUR' },
    ],
  },
];

/** Downtown zip codes of US cities; city, state and coordinates come from the gazetteer. */
const ZIPS = [
  '78701',
  '78704',
  '78664',
  '78613',
  '75201',
  '75034',
  '77002',
  '77030',
  '78205',
  '76102',
  '73102',
  '85004',
  '85251',
  '80202',
  '80012',
  '87102',
  '84101',
  '89101',
  '90012',
  '92101',
  '94103',
  '95814',
  '97204',
  '98101',
  '60601',
  '60611',
  '53202',
  '55401',
  '63101',
  '64106',
  '46204',
  '43215',
  '48226',
  '15222',
  '19103',
  '10001',
  '10016',
  '02108',
  '06103',
  '21201',
  '20001',
  '23219',
  '27601',
  '28202',
  '29201',
  '30303',
  '32202',
  '33131',
  '33602',
  '37203',
  '38103',
  '40202',
  '70112',
  '35203',
];
const TYPES = ['FULL_TIME', 'FULL_TIME', 'FULL_TIME', 'FULL_TIME', 'PART_TIME', 'PART_TIME', 'PER_DIEM', 'TEMPORARY', 'CONTRACTOR'];
const SHIFTS = ['Day shift', 'Night shift', 'Weekend option', 'Rotating shifts', 'Monday to Friday'];
const RECRUITERS = [
  { name: 'Riley Recruiter', email: 'recruiter@demo.test' },
  { name: 'Jordan Lee', email: 'jordan.lee@demo.test' },
  { name: 'Morgan Patel', email: 'morgan.patel@demo.test' },
];

/** A small deterministic generator, so the demo site looks the same on every machine. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function description(role: Role, dept: string, shift: string): string {
  return [
    `<p>Acme Health is hiring a <strong>${role.title}</strong> to join our ${dept} team. We are a community health system known for patient-centred care, modern facilities and people who look out for each other.</p>`,
    '<h3>What you will do</h3><ul>',
    `<li>Work with a supportive ${dept.toLowerCase()} team to deliver safe, high-quality care and service.</li>`,
    '<li>Use our electronic health record and modern tools every day.</li>',
    '<li>Take part in quality improvement and mentoring of new colleagues.</li></ul>',
    '<h3>What you bring</h3><ul><li>Relevant license or certification where required by the state.</li><li>Clear communication and a calm, caring manner.</li><li>One or more years of related experience preferred; new graduates welcome to apply.</li></ul>',
    `<h3>Benefits</h3><ul><li>${shift}.</li><li>Medical, dental and vision from day one.</li><li>401(k) with match, tuition assistance and paid time off.</li></ul>`,
  ].join('');
}

export async function seedJobs(app: FastifyInstance, ctx: DemoContext): Promise<void> {
  const clientId = ctx.client.id;
  const db = app.db;
  await db.execute(sql`INSERT INTO job_categories (client_id, name)
    SELECT ${clientId}::uuid, n FROM unnest(${`{${CATEGORIES.join(',')}}`}::text[]) AS n
    ON CONFLICT (client_id, lower(name)) DO NOTHING`);
  for (const d of DEPARTMENTS) {
    await db.execute(sql`INSERT INTO departments (client_id, name, category_ids)
      SELECT ${clientId}::uuid, ${d.name}, ARRAY[(SELECT id FROM job_categories WHERE client_id = ${clientId} AND lower(name) = lower(${d.category}))]
      ON CONFLICT (client_id, lower(name)) DO NOTHING`);
  }
  const deps = await db.execute<{ id: string; name: string; category_id: string | null; category_name: string | null }>(sql`
    SELECT d.id, d.name, c.id AS category_id, c.name AS category_name FROM departments d
      LEFT JOIN job_categories c ON c.client_id = d.client_id AND c.id = d.category_ids[1]
     WHERE d.client_id = ${clientId}`);
  const depByName = new Map(deps.rows.map((d) => [d.name, d]));

  const rand = rng(20260101);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const rows: ReturnType<typeof sql>[] = [];
  const now = Date.now();
  for (let i = 1; i <= 300; i++) {
    const dept = DEPARTMENTS[Math.floor(rand() * DEPARTMENTS.length)];
    const role = pick(dept.roles);
    const d = depByName.get(dept.name);
    const remote = Boolean(role.remoteOk) && rand() < 0.35;
    const type = pick(TYPES);
    const shift = pick(SHIFTS);
    const rec = pick(RECRUITERS);
    const posted = new Date(now - Math.floor(rand() * 45) * 86400000 - Math.floor(rand() * 86400000));
    const step = role.period === 'HOUR' ? 1 : 1000;
    const min = Math.round((role.min * (0.92 + rand() * 0.12)) / step) * step;
    const max = Math.max(min + step, Math.round((role.max * (0.95 + rand() * 0.1)) / step) * step);
    const ref = `DEMO-${String(i).padStart(4, '0')}`;
    rows.push(
      sql`(${ref}, ${role.title}, ${description(role, dept.name, shift)}, ${d?.id ?? null}::uuid, ${d?.name ?? null}, ${d?.category_id ?? null}::uuid, ${d?.category_name ?? null},
           ${type}, ${pick(ZIPS)}, ${remote}::boolean, ${min}::numeric, ${max}::numeric, ${role.period}, ${posted.toISOString()}::timestamptz,
           ${rec.name}, ${rec.email}, ${`REQ-${20000 + i}`})`,
    );
  }
  await db.execute(sql`
    INSERT INTO jobs (client_id, reference_number, title, description, department_id, department_name, category_id, category_name,
                      employment_type, zip_code, city, state, lat, lng, remote, salary_min, salary_max, salary_period, date_posted,
                      recruiter_name, recruiter_email, recruiters_assigned, requisition_id, status)
    SELECT ${clientId}::uuid, v.ref, v.title, v.description, v.dep_id, v.dep_name, v.cat_id, v.cat_name,
           v.type, v.zip, z.city, z.state, z.lat, z.lng, v.remote, v.smin, v.smax, v.period, v.posted,
           v.rname, v.remail, ARRAY[v.remail], v.req, 'open'
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(ref, title, description, dep_id, dep_name, cat_id, cat_name, type, zip, remote, smin, smax, period, posted, rname, remail, req)
      LEFT JOIN geo_zip_codes z ON z.zip = v.zip
    ON CONFLICT (client_id, reference_number) DO NOTHING`);
}
