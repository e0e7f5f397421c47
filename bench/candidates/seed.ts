// bench/candidates/seed.ts: 1,000,000 candidates in 10 clients (400,000 in one), built in SQL.
//
// Every row is made by INSERT … SELECT FROM generate_series on the server: no row crosses the wire.
// Picks are deterministic (hashint4extended of the row number and a salt), so every build is the
// same data set. The resume is a plain-text CV of 120–220 words (headline, summary, two or three
// jobs with bullets, education, skills) drawn from trade pools; nursing is the largest trade, as
// in the healthcare clients the product serves, so the boolean query has real work to do.
// The secondary indexes are dropped during the load and rebuilt from their own definitions
// (pg_get_indexdef) afterwards: one sorted build is far cheaper than a million GIN inserts.
import type pg from 'pg';

export const BIG = Number(process.env.BENCH_BIG ?? 400_000);
export const SMALL = Number(process.env.BENCH_SMALL ?? 66_667); // 9 × 66,667 + 400,000 ≈ 1,000,000
export const CLIENTS = 10;
const CHUNK = 50_000;

const lit = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;
/** A deterministic pick from a SQL array by the row number `i` and a salt. */
const pick = (arr: string, n: number, salt: number) => `(${arr})[1 + (abs(hashint4extended(i, ${salt})) % ${n})]`;

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Luis',
  'Ashley',
  'Kevin',
  'Emily',
  'Brian',
  'Maria',
  'Aisha',
  'Wei',
  'Priya',
  'Mohammed',
  'Olga',
  'Kenji',
  'Fatima',
  'Diego',
  'Chloe',
  'Andre',
  'Grace',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Nguyen',
  'Patel',
  'Kim',
  'Chen',
  'Okafor',
  'Kowalski',
  'Haddad',
];
// Trade: [titles, skills, bullets]; nursing first and repeated so it is about a third of the rows.
const TRADES: Array<[string[], string[], string[]]> = [
  [
    ['Registered Nurse', 'ICU Registered Nurse', 'Charge Nurse', 'Travel Nurse', 'Emergency Room Nurse', 'Licensed Practical Nurse'],
    ['patient care', 'telemetry', 'BLS', 'ACLS', 'medication administration', 'Epic EMR', 'wound care', 'triage', 'IV therapy', 'critical care'],
    [
      'Provided direct patient care for up to six patients per shift on a busy medical-surgical floor',
      'Worked in the intensive care unit caring for ventilated and post-operative patients',
      'Monitored telemetry and escalated changes in condition to the attending physician',
      'Completed 13-week travel assignments at hospitals in three states',
      'Precepted new graduate nurses and led unit safety huddles',
      'Administered medications and IV therapy following hospital protocols',
      'Documented assessments and care plans in Epic',
      'Served as ICU charge nurse on night shift for a 24-bed unit',
    ],
  ],
  [
    ['Software Engineer', 'Senior Software Engineer', 'Backend Developer', 'Frontend Developer', 'DevOps Engineer'],
    ['TypeScript', 'React', 'Node.js', 'PostgreSQL', 'Kubernetes', 'AWS', 'Python', 'Go', 'CI/CD', 'REST APIs'],
    [
      'Built and operated REST APIs serving two million requests per day',
      'Moved the build to a CI/CD pipeline and cut release time from days to hours',
      'Designed PostgreSQL schemas and tuned slow queries with EXPLAIN',
      'Led the migration of a monolith to services on Kubernetes',
      'Mentored junior developers and ran code reviews',
    ],
  ],
  [
    ['Truck Driver', 'CDL Class A Driver', 'Delivery Driver', 'Warehouse Associate', 'Forklift Operator'],
    ['CDL Class A', 'forklift', 'DOT regulations', 'route planning', 'inventory', 'pallet jack', 'safety compliance', 'hazmat'],
    [
      'Drove regional routes averaging 2,500 miles per week with a clean safety record',
      'Loaded and unloaded freight using forklifts and pallet jacks',
      'Kept logs compliant with DOT hours-of-service regulations',
      'Picked and packed orders with 99.8 percent accuracy',
    ],
  ],
  [
    ['Pharmacist', 'Pharmacy Technician', 'Medical Assistant', 'Physical Therapist', 'Respiratory Therapist'],
    ['dispensing', 'patient counseling', 'insurance billing', 'phlebotomy', 'vital signs', 'HIPAA', 'EHR', 'rehabilitation'],
    [
      'Filled and verified up to 300 prescriptions per day',
      'Counseled patients on medication use and side effects',
      'Took vital signs and prepared patients for examinations',
      'Designed rehabilitation plans for orthopedic patients',
    ],
  ],
  [
    ['Customer Service Representative', 'Sales Associate', 'Store Manager', 'Assistant Manager', 'Call Center Agent'],
    ['customer service', 'point of sale', 'cash handling', 'merchandising', 'CRM', 'scheduling', 'team leadership', 'conflict resolution'],
    [
      'Resolved customer questions by phone, chat and email with high satisfaction scores',
      'Managed a team of twelve associates and the weekly schedule',
      'Exceeded monthly sales targets for eight consecutive quarters',
      'Handled cash, returns and store opening and closing',
    ],
  ],
  [
    ['Accountant', 'Financial Analyst', 'Data Analyst', 'Project Manager', 'Administrative Assistant'],
    ['Excel', 'SQL', 'financial reporting', 'budgeting', 'QuickBooks', 'Tableau', 'forecasting', 'Microsoft Office'],
    [
      'Prepared monthly financial statements and reconciliations',
      'Built dashboards in Tableau for the executive team',
      'Managed project budgets and timelines for a portfolio of twenty projects',
      'Coordinated calendars, travel and meetings for senior leaders',
    ],
  ],
];
const TRADE_WEIGHTS = [0, 0, 1, 2, 3, 4, 5, 0]; // nursing 3 in 8
const EMPLOYERS = [
  'St. Mary Medical Center',
  'Mercy General Hospital',
  'Lakeside Health',
  'Northwind Logistics',
  'Contoso Ltd',
  'Fabrikam Inc',
  'Riverbend Clinic',
  'Summit Pharmacy',
  'Blue Ridge Freight',
  'Harbor Retail Group',
  'Pinecrest Care Center',
  'Evergreen Software',
  'Granite Financial',
  'Valley Regional Hospital',
  'Metro Transit Authority',
  'Sunrise Senior Living',
  'Atlas Manufacturing',
  'Cedar Health Partners',
];
const SCHOOLS = ['State University', 'Community College', 'Technical Institute', 'University of the Midwest', 'City College', 'Nursing School of the South'];
const DEGREES = ['Bachelor of Science', 'Associate Degree', 'Certificate', 'Master of Science', 'Diploma'];
const SUMMARY = [
  'Dependable and calm under pressure, with a record of safe, high-quality work.',
  'Known for clear communication with patients, customers and colleagues.',
  'Open to relocation and to day, night or weekend shifts.',
  'Looking for a permanent role close to home with room to grow.',
  'Bilingual in English and Spanish.',
];
/** The metro of client k is METROS[k]: Chicago for the big one. */
export const METROS = ['60601', '10001', '78701', '90012', '77002', '85004', '19103', '30303', '98101', '80202'];
export const SOURCES = ['careersite', 'indeed', 'linkedin', 'referral', 'recruiter', 'import'];
export const STATUSES = ['New', 'New', 'New', 'Screening', 'Screening', 'Interview', 'Offer', 'Hired', 'Rejected', 'Rejected'];
export const TAGS = ['night shift', 'weekend', 'bilingual', 'relocation', 'rehire', 'silver medalist', 'hot', 'part time', 'veteran', 'student'];

/** The candidates of one client: rows [from, to] of generate_series. */
function candidatesSql(from: number, to: number) {
  const trades = TRADES.map(([titles, skills, bullets], t) => ({ t, titles, skills, bullets }));
  const tradeOf = `(ARRAY[${TRADE_WEIGHTS.join(',')}])[1 + (abs(hashint4extended(i, 1)) % ${TRADE_WEIGHTS.length})]`;
  const perTrade = (f: (x: (typeof trades)[number]) => string) => `CASE tr ${trades.map((x) => `WHEN ${x.t} THEN ${f(x)}`).join(' ')} END`;
  const title = (salt: number) => perTrade((x) => pick(lit(x.titles), x.titles.length, salt));
  const skill = (salt: number) => perTrade((x) => pick(lit(x.skills), x.skills.length, salt));
  const bullet = (salt: number) => perTrade((x) => pick(lit(x.bullets), x.bullets.length, salt));
  return `
    INSERT INTO candidates (client_id, first_name, last_name, email, phone, city, state, zip_code, country, lat, lng, source, status,
                            tags, skills, resume_text, created_at, updated_at, last_activity_at)
    SELECT $1, fn, ln, lower(fn) || '.' || lower(ln) || '.' || i || '@' || $2 || '.example',
           '(' || (200 + abs(hashint4extended(i, 40)) % 800) || ') 555-' || lpad((abs(hashint4extended(i, 41)) % 10000)::text, 4, '0'),
           z.city, z.state, z.zip, 'US', z.lat, z.lng,
           ${pick(lit(SOURCES), SOURCES.length, 50)}, ${pick(lit(STATUSES), STATUSES.length, 51)},
           CASE WHEN abs(hashint4extended(i, 52)) % 10 < 3 THEN ARRAY[${pick(lit(TAGS), TAGS.length, 53)}]
                WHEN abs(hashint4extended(i, 52)) % 10 = 3 THEN ARRAY[${pick(lit(TAGS), TAGS.length, 53)}, ${pick(lit(TAGS), TAGS.length, 54)}]
                ELSE '{}'::text[] END,
           ARRAY(SELECT DISTINCT unnest(ARRAY[s1, s2, s3, s4])),
           fn || ' ' || ln || E'\\n' || t1 || ' · ' || z.city || ', ' || z.state || E'\\n\\nSummary\\n'
             || t1 || ' with ' || (2 + abs(hashint4extended(i, 60)) % 20) || ' years of experience in ' || s1 || ' and ' || s2 || '. '
             || ${pick(lit(SUMMARY), SUMMARY.length, 61)} || E'\\n\\nExperience\\n'
             || t1 || ', ' || ${pick(lit(EMPLOYERS), EMPLOYERS.length, 62)} || ', ' || (2018 + abs(hashint4extended(i, 63)) % 6) || E' – present\\n- '
             || b1 || E'.\\n- ' || b2 || E'.\\n'
             || t2 || ', ' || ${pick(lit(EMPLOYERS), EMPLOYERS.length, 64)} || ', ' || (2010 + abs(hashint4extended(i, 65)) % 8) || ' – ' || (2017 + abs(hashint4extended(i, 63)) % 2) || E'\\n- '
             || b3 || E'.\\n'
             || CASE WHEN abs(hashint4extended(i, 66)) % 2 = 0 THEN t3 || ', ' || ${pick(lit(EMPLOYERS), EMPLOYERS.length, 67)} || E', 2006 – 2010\\n- ' || b4 || E'.\\n' ELSE '' END
             || E'\\nEducation\\n' || ${pick(lit(DEGREES), DEGREES.length, 68)} || ', ' || ${pick(lit(SCHOOLS), SCHOOLS.length, 69)} || E'\\n\\nSkills\\n'
             || s1 || ', ' || s2 || ', ' || s3 || ', ' || s4,
           ts, ts, ts
      FROM (
        SELECT i, tr, ${pick(lit(FIRST), FIRST.length, 2)} AS fn, ${pick(lit(LAST), LAST.length, 3)} AS ln,
               ${title(10)} AS t1, ${title(11)} AS t2, ${title(12)} AS t3,
               ${skill(20)} AS s1, ${skill(21)} AS s2, ${skill(22)} AS s3, ${skill(23)} AS s4,
               ${bullet(30)} AS b1, ${bullet(31)} AS b2, ${bullet(32)} AS b3, ${bullet(33)} AS b4,
               now() - (abs(hashint4extended(i, 70)) % (730 * 24 * 60)) * interval '1 minute' AS ts,
               abs(hashint4extended(i, 80)) AS zh
          FROM generate_series(${from}, ${to}) AS i, LATERAL (SELECT ${tradeOf} AS tr) x
      ) g
      -- 60 % live within 60 miles of the client's metro, the rest anywhere in the country.
      CROSS JOIN LATERAL (
        SELECT zip, city, state, lat, lng FROM bench_home WHERE c = $4 AND n = 1 + g.zh % (SELECT count(*) FROM bench_home WHERE c = $4) AND g.zh % 10 < 6
        UNION ALL
        SELECT zip, city, state, lat, lng FROM bench_zips WHERE n = 1 + g.zh % $3::int AND g.zh % 10 >= 6
      ) z`;
}

/** Seeds the data set on `q`, two clients' chunks at a time over two connections. */
export async function seedCandidates(pool: pg.Pool, log: (s: string) => void) {
  const t0 = Date.now();
  const q = (text: string, params: unknown[] = []) => pool.query(text, params);
  await q(
    `CREATE TABLE IF NOT EXISTS bench_zips AS SELECT zip, city, state, lat, lng, row_number() OVER (ORDER BY zip) AS n FROM geo_zip_codes WHERE lat IS NOT NULL`,
  );
  await q('CREATE INDEX IF NOT EXISTS bench_zips_n ON bench_zips (n)');
  await q(`CREATE TABLE IF NOT EXISTS bench_home AS
             SELECT m.c, z.zip, z.city, z.state, z.lat, z.lng, row_number() OVER (PARTITION BY m.c ORDER BY z.zip) AS n
               FROM unnest(${lit(METROS)}) WITH ORDINALITY AS m(center, c)
               JOIN geo_zip_codes o ON o.zip = m.center
               JOIN geo_zip_codes z ON earth_distance(ll_to_earth(o.lat, o.lng), ll_to_earth(z.lat, z.lng)) < 60 * 1609.344`);
  await q('CREATE INDEX IF NOT EXISTS bench_home_cn ON bench_home (c, n)');
  const zips = (await q('SELECT count(*)::int AS n FROM bench_zips')).rows[0].n as number;

  // Secondary indexes out of the way; rebuilt below from their own definitions.
  const defs = (
    await q(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
        WHERE i.indrelid IN ('candidates'::regclass, 'applications'::regclass) AND NOT i.indisprimary AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    )
  ).rows as Array<{ name: string; def: string }>;
  for (const d of defs) await q(`DROP INDEX ${d.name}`);

  const clients: Array<{ id: string; slug: string; n: number; metro: number }> = [];
  for (let c = 0; c < CLIENTS; c++) {
    const slug = `cand-bench-${c}`;
    const id = (
      await q(
        `INSERT INTO clients (name, name_slug, virtual_app_name, subscriptions) VALUES ($1, $2, $3, '{"harvest":true,"cultivate":true,"harvestPlus":true}') RETURNING id`,
        [`Candidate bench ${c}`, slug, `candbench${c}`],
      )
    ).rows[0].id as string;
    clients.push({ id, slug, n: c === 0 ? BIG : SMALL, metro: c + 1 });
  }
  const work: Array<() => Promise<unknown>> = [];
  for (const c of clients)
    for (let from = 1; from <= c.n; from += CHUNK) {
      const to = Math.min(c.n, from + CHUNK - 1);
      work.push(async () => {
        const t = Date.now();
        await q(candidatesSql(from, to), [c.id, c.slug, zips, c.metro]);
        log(`  ${c.slug}: rows ${from}–${to} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      });
    }
  // Two at a time: the machine has two cores. On Citus one at a time: two bulk inserts into one
  // tenant's shard wait on each other's new vocabulary rows (candidate_words) and can deadlock.
  const citus = (await q(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`)).rows.length > 0;
  const runners = (citus ? [0] : [0, 1]).map(async () => {
    for (let w = work.shift(); w; w = work.shift()) await w();
  });
  await Promise.all(runners);
  log(`candidates inserted in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  // Each client: 40 open jobs; about 60 % of candidates applied to one of them.
  for (const c of clients) {
    await q(
      `INSERT INTO jobs (client_id, title, description, city, state, zip_code, status, date_posted, reference_number)
       SELECT $1, (ARRAY['Registered Nurse','ICU Nurse','Software Engineer','Truck Driver','Pharmacist','Customer Service Representative','Data Analyst','Medical Assistant'])[1 + j % 8],
              'Bench requisition', 'Austin', 'TX', '78701', 'open', now() - j * interval '1 day', 'CB-' || j
         FROM generate_series(1, 40) j`,
      [c.id],
    );
    await q(
      `INSERT INTO applications (client_id, candidate_id, job_id, source, status, created_at, updated_at)
       SELECT c.client_id, c.id, j.id, c.source, 'new', c.created_at, c.created_at
         FROM (SELECT client_id, id, source, created_at, row_number() OVER (ORDER BY id) AS k FROM candidates WHERE client_id = $1) c
         JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM jobs WHERE client_id = $1) j ON j.k = c.k % 40
        WHERE c.k % 5 < 3`,
      [c.id],
    );
  }
  log(`applications inserted at ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const one = await pool.connect();
  try {
    await one.query(`SET maintenance_work_mem = '1GB'`);
    await one.query('SET max_parallel_maintenance_workers = 2');
    for (const d of defs) {
      const t = Date.now();
      await one.query(d.def);
      log(`  index ${d.name} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
  } finally {
    one.release();
  }
  await q('VACUUM ANALYZE candidates');
  await q('VACUUM ANALYZE applications');
  await q(`CREATE TABLE IF NOT EXISTS bench_candidates_done (at timestamptz NOT NULL DEFAULT now())`);
  await q('INSERT INTO bench_candidates_done DEFAULT VALUES');
  log(`seeded ${BIG + 9 * SMALL} candidates in ${CLIENTS} clients in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
