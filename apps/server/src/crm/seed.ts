import type { GlobalUserType, ProductUserType } from '@hh/contract/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor.ts';
import { applications, candidateListMembers, candidateLists, candidates } from '../db/schema/candidates.ts';
import { jobs } from '../db/schema/jobs.ts';
import type { DemoContext } from '../core/demo-context.ts';
import { insertCandidate } from './create-candidate.ts';
import { getStatuses } from './pipeline.ts';

/**
 * Demo candidates for the demo client (`npm start`), so a newcomer signing in as the recruiter finds a
 * CRM with people in it: applicants from the career site and Indeed over the last two months (the
 * growth charts have a shape), at every pipeline stage, with tags, skills, resume text and places
 * (radius search works), one list, and one likely duplicate pair. Created through the CRM's own
 * insertCandidate as the demo recruiter; runs once (a client with candidates is left alone).
 */
interface Person {
  first: string;
  last: string;
  zip: string;
  skills: string[];
  tags: string[];
  resume: string;
  source: 'careersite' | 'indeed' | 'referral' | 'manual';
  /** The demo job they applied to (by title). */
  job: string;
  phone?: string;
  email?: string;
}

const NURSE = 'Registered nurse';
const people: Person[] = [
  {
    first: 'Ana',
    job: 'ICU Registered Nurse',
    last: 'Lopez',
    zip: '78701',
    skills: ['ICU', 'ACLS', 'Telemetry'],
    tags: ['nights'],
    resume: `${NURSE}, six years in a cardiac ICU. ACLS and BLS certified; precepts new graduates.`,
    source: 'careersite',
  },
  {
    first: 'Marcus',
    job: 'Emergency Room Nurse',
    last: 'Reed',
    zip: '78745',
    skills: ['Emergency', 'Triage', 'PALS'],
    tags: ['bilingual'],
    resume: `${NURSE} in a level II trauma center emergency department. PALS, TNCC. Fluent in Spanish.`,
    source: 'indeed',
  },
  {
    first: 'Priya',
    job: 'Registered Nurse',
    last: 'Natarajan',
    zip: '77002',
    skills: ['Oncology', 'Chemotherapy'],
    tags: [],
    resume: 'Oncology nurse, chemotherapy and biotherapy certified, outpatient infusion center.',
    source: 'careersite',
  },
  {
    first: 'Daniel',
    job: 'Medical Billing Specialist',
    last: 'Kim',
    zip: '75201',
    skills: ['Medical billing', 'ICD-10', 'Epic'],
    tags: ['remote-ok'],
    resume: 'Medical billing specialist: ICD-10 and CPT coding, claim denials, Epic Resolute.',
    source: 'indeed',
  },
  {
    first: 'Grace',
    job: 'Pediatric Nurse',
    last: 'Okafor',
    zip: '78701',
    skills: ['Pediatrics', 'PALS'],
    tags: ['nights', 'rehire'],
    resume: 'Pediatric nurse, NICU step-down and general pediatrics. PALS, NRP.',
    source: 'referral',
  },
  {
    first: 'Tom',
    job: 'Respiratory Therapist',
    last: 'Becker',
    zip: '73301',
    skills: ['Respiratory therapy', 'Ventilators'],
    tags: [],
    resume: 'Respiratory therapist (RRT), adult ventilator management and pulmonary rehab.',
    source: 'careersite',
  },
  {
    first: 'Lena',
    job: 'Physical Therapist',
    last: 'Fischer',
    zip: '10001',
    skills: ['Physical therapy', 'Orthopedics'],
    tags: ['relocating'],
    resume: 'Doctor of physical therapy, outpatient orthopedics and sports injuries.',
    source: 'indeed',
  },
  {
    first: 'Jamal',
    job: 'Pharmacy Technician',
    last: 'Wright',
    zip: '60601',
    skills: ['Pharmacy', 'Compounding'],
    tags: [],
    resume: 'Pharmacy technician, sterile compounding, hospital inpatient pharmacy.',
    source: 'careersite',
  },
  {
    first: 'Sofia',
    job: 'ICU Registered Nurse',
    last: 'Rossi',
    zip: '78704',
    skills: ['ICU', 'CRRT', 'ACLS'],
    tags: ['nights'],
    resume: `${NURSE}, surgical ICU, CRRT and ECMO trained. Charge nurse two years.`,
    source: 'careersite',
  },
  {
    first: 'Ethan',
    job: 'Certified Nursing Assistant',
    last: 'Brooks',
    zip: '78758',
    skills: ['Medical assistant', 'Phlebotomy'],
    tags: [],
    resume: 'Certified medical assistant, family practice clinic, phlebotomy and vitals.',
    source: 'manual',
  },
  {
    first: 'Hannah',
    job: 'Registered Nurse',
    last: 'Schultz',
    zip: '90012',
    skills: ['Labor and delivery', 'Fetal monitoring'],
    tags: ['relocating'],
    resume: 'Labor and delivery nurse, electronic fetal monitoring certified.',
    source: 'indeed',
  },
  {
    first: 'Omar',
    job: 'Radiologic Technologist',
    last: 'Haddad',
    zip: '77030',
    skills: ['Radiology', 'CT', 'MRI'],
    tags: [],
    resume: 'Radiologic technologist, CT and MRI registered, level I trauma center.',
    source: 'careersite',
  },
  {
    first: 'Chloe',
    job: 'Patient Access Representative',
    last: 'Martin',
    zip: '78701',
    skills: ['Front desk', 'Scheduling', 'Epic'],
    tags: ['bilingual'],
    resume: 'Patient access representative: scheduling, insurance verification, Epic Cadence.',
    source: 'careersite',
  },
  {
    first: 'Victor',
    job: 'Registered Nurse',
    last: 'Nguyen',
    zip: '78741',
    skills: ['Telemetry', 'Med-surg'],
    tags: [],
    resume: `${NURSE}, medical-surgical and telemetry floors, three years.`,
    source: 'indeed',
  },
  {
    first: 'Isabel',
    job: 'Registered Nurse',
    last: 'Cruz',
    zip: '78702',
    skills: ['Home health', 'Wound care'],
    tags: ['part-time'],
    resume: 'Home health nurse, wound care certified (WCC), visits across Travis County.',
    source: 'referral',
  },
  {
    first: 'Noah',
    job: 'Data Analyst',
    last: 'Patel',
    zip: '75201',
    skills: ['Data analysis', 'SQL', 'Epic'],
    tags: ['remote-ok'],
    resume: 'Clinical data analyst: SQL, Epic Clarity reports, quality dashboards.',
    source: 'careersite',
  },
  {
    first: 'Emily',
    job: 'ICU Registered Nurse',
    last: 'Turner',
    zip: '78660',
    skills: ['ICU', 'Telemetry'],
    tags: [],
    resume: `${NURSE}, new graduate, ICU residency program, telemetry externship.`,
    source: 'careersite',
  },
  {
    first: 'Carlos',
    job: 'Environmental Services Technician',
    last: 'Mendez',
    zip: '78744',
    skills: ['Environmental services'],
    tags: ['bilingual', 'nights'],
    resume: 'Environmental services technician, infection prevention protocols, night shift.',
    source: 'indeed',
  },
  {
    first: 'Aisha',
    job: 'Patient Care Coordinator',
    last: 'Bello',
    zip: '77002',
    skills: ['Case management', 'Discharge planning'],
    tags: [],
    resume: 'RN case manager, discharge planning and utilization review.',
    source: 'careersite',
  },
  {
    first: 'Ryan',
    job: 'Facilities Maintenance Technician',
    last: 'OConnor',
    zip: '60601',
    skills: ['Security', 'De-escalation'],
    tags: [],
    resume: 'Hospital security officer, CPI de-escalation trained.',
    source: 'manual',
  },
  {
    first: 'Mia',
    job: 'Physical Therapist',
    last: 'Johansson',
    zip: '78703',
    skills: ['Occupational therapy'],
    tags: ['part-time'],
    resume: 'Occupational therapist, inpatient rehab and hand therapy.',
    source: 'careersite',
  },
  {
    first: 'David',
    job: 'Nurse Practitioner',
    last: 'Cohen',
    zip: '10001',
    skills: ['Nurse practitioner', 'Primary care'],
    tags: ['relocating'],
    resume: 'Family nurse practitioner, primary care and urgent care, DEA licensed.',
    source: 'indeed',
  },
  {
    first: 'Maria',
    job: 'ICU Registered Nurse',
    last: 'Garcia',
    zip: '78701',
    skills: ['ICU', 'ACLS'],
    tags: ['nights'],
    resume: `${NURSE}, medical ICU, ACLS.`,
    source: 'careersite',
    phone: '512-555-0148',
    email: 'maria.garcia@example.com',
  },
  {
    first: 'María',
    job: 'ICU Registered Nurse',
    last: 'García',
    zip: '78701',
    skills: ['ICU'],
    tags: [],
    resume: `${NURSE} applying again with a new address.`,
    source: 'indeed',
    phone: '(512) 555-0148',
    email: 'mgarcia.rn@example.net',
  },
];

/** Days ago each person applied: spread over two months, more recently more often. */
const daysAgo = (i: number) => Math.round(((i * 37) % 60) * (0.4 + (i % 3) * 0.3));

export async function seedCrm(app: FastifyInstance, ctx: DemoContext) {
  const { client, recruiter } = ctx;
  const existing = await app.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM candidates WHERE client_id = ${client.id}`);
  if (existing.rows[0].n > 0) return;
  const open = await app.db
    .select({ id: jobs.id, title: jobs.title })
    .from(jobs)
    .where(and(eq(jobs.clientId, client.id), eq(jobs.status, 'open')))
    .orderBy(jobs.title)
    .limit(200);
  if (!open.length) return;
  const actor: Actor = {
    id: recruiter.id,
    email: recruiter.email,
    sessionId: 'demo-seed',
    userTypeGlobal: recruiter.userTypeGlobal as GlobalUserType,
    clientId: recruiter.clientId ?? null,
    products: {
      wave: recruiter.userTypeWave as ProductUserType,
      harvest: recruiter.userTypeHarvest as ProductUserType,
      harvestPlus: recruiter.userTypeHarvestPlus as ProductUserType,
      cultivate: recruiter.userTypeCultivate as ProductUserType,
      motivator: recruiter.userTypeMotivator as ProductUserType,
    },
  };
  const statuses = await getStatuses(app.db, client.id);
  // Most people are new; fewer at each later stage, as in a real pipeline.
  const statusOf = (i: number) => statuses[Math.min(statuses.length - 1, [0, 0, 0, 1, 0, 1, 2, 0, 1, 3, 0, 2][i % 12] ?? 0)];
  const jobFor = (p: Person, i: number) => open.find((j) => j.title === p.job) ?? open[(i * 7) % open.length];
  const night: string[] = [];
  for (const [i, p] of people.entries()) {
    const email =
      p.email ??
      `${p.first}.${p.last}`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z.]/g, '') + '@example.com';
    const c = await insertCandidate(app.db, {
      actor,
      clientId: client.id,
      publicUrl: app.config.publicUrl,
      input: {
        firstName: p.first,
        lastName: p.last,
        email,
        phone: p.phone ?? `512-555-${String(1000 + i * 37).slice(-4)}`,
        address: { zipCode: p.zip },
        source: p.source,
        status: statusOf(i),
        tags: p.tags,
        skills: p.skills,
        resumeText: p.resume,
      },
    });
    const at = new Date(Date.now() - daysAgo(i) * 86_400_000 - (i % 9) * 3_600_000);
    await app.db
      .update(candidates)
      .set({ createdAt: at, updatedAt: at, lastActivityAt: at })
      .where(and(eq(candidates.clientId, client.id), eq(candidates.id, c._id)));
    if (p.source === 'careersite' || p.source === 'indeed') {
      const job = jobFor(p, i);
      await app.db.insert(applications).values({
        clientId: client.id,
        candidateId: c._id,
        jobId: job.id,
        source: p.source,
        status: i % 4 === 0 ? 'new' : 'reviewed',
        createdAt: at,
        updatedAt: at,
      });
    }
    if (p.tags.includes('nights')) night.push(c._id);
  }
  const [list] = await app.db
    .insert(candidateLists)
    .values({ clientId: client.id, name: 'Night shift nurses', recruiterEmail: recruiter.email, createdBy: recruiter.id })
    .returning();
  if (night.length) await app.db.insert(candidateListMembers).values(night.map((candidateId) => ({ clientId: client.id, listId: list.id, candidateId })));
}
