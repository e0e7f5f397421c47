import pg from 'pg';
import { unique } from './fixtures.ts';

const STAFF = 'staff@demo.test';

/** A fresh candidate applied to a fresh job with one 45-minute interview run by the demo staff member (written to the database). */
export async function freshApplication(clientId: string, prefix = 'sched') {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    const tag = unique(prefix);
    const email = `${tag}@candidates.test`;
    const lastName = `Park${tag.slice(-4)}`;
    const cand = await db.query<{ id: string }>(`INSERT INTO candidates (client_id, first_name, last_name, email) VALUES ($1, 'Rosa', $2, $3) RETURNING id`, [
      clientId,
      lastName,
      email,
    ]);
    const job = await db.query<{ id: string }>(
      `INSERT INTO jobs (client_id, title, reference_number, city, state, open_positions) VALUES ($1, 'Night Nurse', $2, 'Austin', 'TX', 1) RETURNING id`,
      [clientId, `E2E-${tag}`],
    );
    const iv = await db.query<{ id: string }>(
      `INSERT INTO interviews (client_id, job_id, name, duration_minutes) VALUES ($1, $2, 'Ward visit', 45) RETURNING id`,
      [clientId, job.rows[0].id],
    );
    const staff = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [STAFF]);
    await db.query(`INSERT INTO interview_interviewers (client_id, interview_id, user_id) VALUES ($1, $2, $3)`, [clientId, iv.rows[0].id, staff.rows[0].id]);
    await db.query(`INSERT INTO applications (client_id, candidate_id, job_id) VALUES ($1, $2, $3)`, [clientId, cand.rows[0].id, job.rows[0].id]);
    return { candidateId: cand.rows[0].id, email, name: `Rosa ${lastName}` };
  } finally {
    await db.end();
  }
}
