// The labelled people behind bench/resume: each persona is what a resume of theirs must parse to.
// Made up from pools of names, places, employers and trades (mostly non-US), combined by a seeded
// random generator so every run builds the same set.

export interface Job {
  title: string;
  employer: string;
  start: [number, number]; // year, month
  end: [number, number] | null; // null: present
  bullets: string[];
}
export interface School {
  degree: string;
  institution: string;
  start: number;
  end: number;
}
export interface Persona {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  country: string;
  linkedin: string;
  headline: string;
  summary: string;
  jobs: Job[];
  schools: School[];
  skills: string[];
  languages: string[];
}

/** Mulberry32: small, seeded, good enough to pick from pools. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    some: <T>(xs: readonly T[], n: number): T[] => {
      const copy = [...xs];
      const out: T[] = [];
      while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
      return out;
    },
  };
}

const PEOPLE: Array<[string, string, string, string, string]> = [
  // first, last, city, country, phone prefix pattern
  ['José', 'García-López', 'Madrid', 'Spain', '+34 6## ### ###'],
  ['Ingrid', 'Søndergaard', 'Aarhus', 'Denmark', '+45 ## ## ## ##'],
  ['Chukwuemeka', 'Okafor', 'Lagos', 'Nigeria', '+234 803 ### ####'],
  ['Priya', 'Raghunathan', 'Bengaluru', 'India', '+91 98### #####'],
  ['Wei', 'Zhang', 'Shanghai', 'China', '+86 139 #### ####'],
  ['Haruto', 'Takahashi', 'Osaka', 'Japan', '+81 90-####-####'],
  ['Nguyễn', 'Thị Lan', 'Hanoi', 'Vietnam', '+84 91 ### ## ##'],
  ['Fatima', 'Al-Mansouri', 'Dubai', 'United Arab Emirates', '+971 50 ### ####'],
  ['Björn', 'Lindqvist', 'Gothenburg', 'Sweden', '+46 70 ### ## ##'],
  ['Anneke', 'van der Berg', 'Utrecht', 'Netherlands', '+31 6 ########'],
  ['Thiago', 'Nascimento', 'Porto Alegre', 'Brazil', '+55 51 9####-####'],
  ['Ayşe', 'Yılmaz', 'Izmir', 'Turkey', '+90 532 ### ## ##'],
  ['Siobhán', "O'Connor", 'Cork', 'Ireland', '+353 87 ### ####'],
  ['Małgorzata', 'Wiśniewska', 'Kraków', 'Poland', '+48 6## ### ###'],
  ['Lukas', 'Müller', 'Munich', 'Germany', '+49 151 ########'],
  ['Camille', 'Dubois', 'Lyon', 'France', '+33 6 ## ## ## ##'],
  ['Giulia', 'Ferrari', 'Bologna', 'Italy', '+39 3## ### ####'],
  ['Kwame', 'Mensah', 'Accra', 'Ghana', '+233 24 ### ####'],
  ['Aroha', 'Te Whare', 'Wellington', 'New Zealand', '+64 21 ### ####'],
  ['Mateo', 'Fernández', 'Buenos Aires', 'Argentina', '+54 9 11 ####-####'],
  ['Olena', 'Kovalenko', 'Lviv', 'Ukraine', '+380 67 ### ## ##'],
  ['Seo-yeon', 'Park', 'Busan', 'South Korea', '+82 10-####-####'],
  ['Rahul', 'Deshmukh', 'Pune', 'India', '+91 97### #####'],
  ['Zoë', 'Achterberg', 'Ghent', 'Belgium', '+32 47# ## ## ##'],
  ['Nikolaos', 'Papadopoulos', 'Thessaloniki', 'Greece', '+30 69# ### ####'],
  ['Amara', 'Diallo', 'Dakar', 'Senegal', '+221 77 ### ## ##'],
  ['Eero', 'Virtanen', 'Tampere', 'Finland', '+358 40 ### ####'],
  ['Leilani', 'Kahananui', 'Honolulu', 'United States', '(808) ###-####'],
  ['Dmitri', 'Volkov', 'Tallinn', 'Estonia', '+372 5### ####'],
  ['Sofía', 'Ramírez Castillo', 'Bogotá', 'Colombia', '+57 31# ### ####'],
  ['Tomás', 'Novák', 'Brno', 'Czech Republic', '+420 6## ### ###'],
  ['Aisha', 'Bello', 'Abuja', 'Nigeria', '+234 806 ### ####'],
  ['Mei', 'Lin', 'Taipei', 'Taiwan', '+886 912 ### ###'],
  ['François', 'Lefèvre', 'Montréal', 'Canada', '+1 514 ### ####'],
  ['Karin', 'Hofer', 'Graz', 'Austria', '+43 664 #######'],
  ['Rohan', 'Mehta', 'Leicester', 'United Kingdom', '+44 7### ######'],
  ['Ngozi', 'Eze', 'Enugu', 'Nigeria', '+234 809 ### ####'],
  ['Hamza', 'Benali', 'Casablanca', 'Morocco', '+212 6## ## ## ##'],
  ['Astrid', 'Nilsen', 'Bergen', 'Norway', '+47 9## ## ###'],
  ['Diego', 'Morales', 'Guadalajara', 'Mexico', '+52 33 #### ####'],
  ['Yuki', 'Nakamura', 'Sapporo', 'Japan', '+81 80-####-####'],
  ['Luca', 'Bianchi', 'Turin', 'Italy', '+39 34# ### ####'],
  ['Imogen', 'Fairweather', 'Edinburgh', 'United Kingdom', '+44 7### ######'],
  ['Oluwaseun', 'Adeyemi', 'Ibadan', 'Nigeria', '+234 802 ### ####'],
  ['Jana', 'Horváthová', 'Bratislava', 'Slovakia', '+421 9## ### ###'],
  ['Arjun', 'Pillai', 'Kochi', 'India', '+91 94### #####'],
  ['Hélène', 'Moreau', 'Bordeaux', 'France', '+33 7 ## ## ## ##'],
  ['Kenji', 'Watanabe', 'Nagoya', 'Japan', '+81 70-####-####'],
];

interface Trade {
  headline: string;
  titles: string[];
  employers: string[];
  skills: string[];
  degrees: string[];
  bullets: string[];
}

const TRADES: Trade[] = [
  {
    headline: 'Software Engineer',
    titles: [
      'Software Engineer',
      'Senior Software Engineer',
      'Backend Developer',
      'Full Stack Developer',
      'Lead Engineer',
      'Junior Developer',
      'DevOps Engineer',
    ],
    employers: [
      'Telefónica S.A.',
      'SAP SE',
      'Zalando',
      'Infosys Limited',
      'Rakuten Group',
      'Shopify',
      'Spotify AB',
      'Adyen N.V.',
      'Globant',
      'Wipro Technologies',
      'Klarna Bank AB',
      'Booking.com',
      'Northwind Systems Ltd',
      'Helios Software GmbH',
    ],
    skills: [
      'TypeScript',
      'Python',
      'Go',
      'Java',
      'Kubernetes',
      'Docker',
      'PostgreSQL',
      'React',
      'Node.js',
      'AWS',
      'Terraform',
      'GraphQL',
      'Redis',
      'CI/CD',
      'Linux',
      'Kafka',
    ],
    degrees: ['BSc Computer Science', 'MSc Software Engineering', 'B.Tech Information Technology', 'MEng Computer Engineering'],
    bullets: [
      'Built and ran payment microservices handling 2 million requests a day',
      'Cut deployment time from 40 to 6 minutes with a new CI pipeline',
      'Mentored four junior engineers',
      'Migrated a monolith to containers on Kubernetes',
    ],
  },
  {
    headline: 'Registered Nurse',
    titles: ['Registered Nurse', 'Staff Nurse', 'ICU Nurse', 'Charge Nurse', 'Clinical Nurse Specialist', 'Nurse Practitioner'],
    employers: [
      'Royal Infirmary Hospital',
      'Karolinska University Hospital',
      'Charité Universitätsmedizin',
      'Apollo Hospitals',
      'St. Vincent’s Health',
      'Aga Khan Hospital',
      'Hospital Israelita Albert Einstein',
      'Mater Misericordiae Hospital',
    ],
    skills: [
      'Patient Care',
      'Telemetry',
      'ICU',
      'BLS',
      'ACLS',
      'Wound Care',
      'Medication Administration',
      'Phlebotomy',
      'Electronic Health Records',
      'Triage',
      'Infection Control',
      'Ventilator Management',
    ],
    degrees: ['Bachelor of Science in Nursing', 'Diploma in Nursing', 'MSc Advanced Nursing Practice'],
    bullets: [
      'Cared for up to six critically ill patients per shift',
      'Led the ward’s infection-control audit',
      'Trained new staff on telemetry monitoring',
      'Coordinated discharges with families and social services',
    ],
  },
  {
    headline: 'Financial Analyst',
    titles: ['Financial Analyst', 'Senior Accountant', 'Finance Manager', 'Audit Associate', 'Controller', 'FP&A Analyst'],
    employers: [
      'Deloitte LLP',
      'KPMG AG',
      'Banco Santander',
      'HSBC Holdings plc',
      'Standard Bank Group',
      'ING Group',
      'Nordea Bank Abp',
      'Tata Consultancy Services',
      'Unilever PLC',
    ],
    skills: ['Financial Modelling', 'Excel', 'IFRS', 'Forecasting', 'Budgeting', 'SAP', 'Power BI', 'Variance Analysis', 'SQL', 'Month-End Close', 'Audit'],
    degrees: ['BCom Accounting', 'MSc Finance', 'MBA', 'BA Economics'],
    bullets: [
      'Built the three-year forecast model used by the board',
      'Closed the books in four days instead of nine',
      'Reduced supplier costs by 12 % through contract analysis',
      'Prepared IFRS 16 lease disclosures',
    ],
  },
  {
    headline: 'Marketing Manager',
    titles: ['Marketing Manager', 'Digital Marketing Specialist', 'Content Strategist', 'Brand Manager', 'Growth Marketer', 'Marketing Coordinator'],
    employers: ['Heineken N.V.', 'Jumia Technologies', 'Natura &Co', 'Ogilvy Group', 'L’Oréal S.A.', 'Decathlon SA', 'Ocado Group plc', 'Canva Pty Ltd'],
    skills: [
      'SEO',
      'Google Analytics',
      'Copywriting',
      'Content Strategy',
      'HubSpot',
      'Paid Social',
      'A/B Testing',
      'Email Marketing',
      'Brand Strategy',
      'Figma',
    ],
    degrees: ['BA Marketing', 'MA Communication', 'BBA Business Administration'],
    bullets: [
      'Grew organic traffic 180 % in a year',
      'Ran campaigns across nine markets with a budget of €2M',
      'Launched the brand’s first loyalty programme',
      'Built the newsletter to 400,000 subscribers',
    ],
  },
  {
    headline: 'Logistics Coordinator',
    titles: ['Logistics Coordinator', 'Supply Chain Analyst', 'Warehouse Supervisor', 'Operations Manager', 'Procurement Specialist', 'Fleet Manager'],
    employers: [
      'DHL Supply Chain',
      'Maersk Line',
      'Kuehne + Nagel',
      'DB Schenker',
      'CEVA Logistics',
      'Bolloré Logistics',
      'Toll Group',
      'Aramex International',
    ],
    skills: [
      'Inventory Management',
      'SAP',
      'Excel',
      'Lean Six Sigma',
      'Forklift Certified',
      'Route Planning',
      'Procurement',
      'WMS',
      'Customs Clearance',
      'Vendor Management',
    ],
    degrees: ['BSc Supply Chain Management', 'Diploma in Logistics', 'BEng Industrial Engineering'],
    bullets: [
      'Ran a 40-person night shift in a 30,000 m² warehouse',
      'Cut late deliveries from 8 % to 2 %',
      'Negotiated freight contracts across West Africa',
      'Introduced cycle counting with the WMS',
    ],
  },
  {
    headline: 'UX Designer',
    titles: ['UX Designer', 'Product Designer', 'UI Designer', 'Design Lead', 'UX Researcher', 'Visual Designer'],
    employers: ['IDEO', 'Frog Design', 'Mercado Libre', 'Grab Holdings', 'Revolut Ltd', 'Atlassian', 'N26 GmbH', 'Wise plc'],
    skills: [
      'Figma',
      'User Research',
      'Prototyping',
      'Usability Testing',
      'Design Systems',
      'Adobe Illustrator',
      'Accessibility',
      'Wireframing',
      'Sketch',
      'HTML',
      'CSS',
    ],
    degrees: ['BA Interaction Design', 'MA Human-Computer Interaction', 'BDes Communication Design'],
    bullets: [
      'Redesigned onboarding, lifting activation by 22 %',
      'Built the design system used by 14 teams',
      'Ran 60 usability sessions across three countries',
      'Made the app pass WCAG 2.2 AA',
    ],
  },
];

const UNIVERSITIES = [
  'Universidad Complutense de Madrid',
  'Technical University of Denmark',
  'University of Lagos',
  'Indian Institute of Technology Madras',
  'Fudan University',
  'Kyoto University',
  'Hanoi University of Science and Technology',
  'American University of Sharjah',
  'Chalmers University of Technology',
  'Utrecht University',
  'Universidade Federal do Rio Grande do Sul',
  'Ege University',
  'University College Cork',
  'Jagiellonian University',
  'Technische Universität München',
  'Université Claude Bernard Lyon 1',
  'University of Bologna',
  'University of Ghana',
  'Victoria University of Wellington',
  'Universidad de Buenos Aires',
  'Lviv Polytechnic National University',
  'Pusan National University',
  'Savitribai Phule Pune University',
  'Ghent University',
];

const EMAIL_DOMAINS = ['gmail.com', 'outlook.com', 'proton.me', 'yahoo.co.uk', 'web.de', 'mail.ru', 'icloud.com', 'gmx.net', 'orange.fr', 'example.org'];

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/ı/g, 'i')
    .replace(/ş/g, 's')
    .replace(/ğ/g, 'g')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase();

export function makePersonas(count = 48, seed = 12): Persona[] {
  const r = rng(seed);
  const out: Persona[] = [];
  for (let i = 0; i < count; i++) {
    const [firstName, lastName, city, country, phonePattern] = PEOPLE[i % PEOPLE.length];
    const trade = TRADES[i % TRADES.length];
    const phone = phonePattern.replace(/#/g, () => String(r.int(0, 9)));
    const f = ascii(firstName);
    const l = ascii(lastName);
    const email = r.pick([`${f}.${l}`, `${f}${l}`, `${f[0]}${l}`, `${l}.${f}`, `${f}_${l}${r.int(1, 99)}`]) + `@${r.pick(EMAIL_DOMAINS)}`;
    const nJobs = r.int(2, 4);
    const titles = r.some(trade.titles, nJobs);
    const employers = r.some(trade.employers, nJobs);
    let year = 2025;
    let month = r.int(1, 12);
    const jobs: Job[] = [];
    for (let j = 0; j < nJobs; j++) {
      const end: [number, number] | null = j === 0 && r.next() < 0.6 ? null : [year, month];
      const len = r.int(1, 4);
      const start: [number, number] = [year - len, r.int(1, 12)];
      jobs.push({ title: titles[j], employer: employers[j], start, end, bullets: r.some(trade.bullets, r.int(1, 3)) });
      year = start[0] - (r.next() < 0.3 ? 1 : 0);
      month = start[1];
    }
    const gradYear = year - r.int(0, 1);
    const schools: School[] = [{ degree: r.pick(trade.degrees), institution: r.pick(UNIVERSITIES), start: gradYear - r.int(3, 4), end: gradYear }];
    out.push({
      firstName,
      lastName,
      email,
      phone,
      city,
      country,
      linkedin: `linkedin.com/in/${f}-${l}-${r.int(100, 999)}`,
      headline: trade.headline,
      summary: `${trade.headline} with ${2025 - gradYear} years of experience. ${trade.bullets[0]}.`,
      jobs,
      schools,
      skills: r.some(trade.skills, r.int(5, 10)),
      languages: r.some(['English (fluent)', 'Spanish', 'French', 'German', 'Portuguese', 'Arabic', 'Mandarin'], 2),
    });
  }
  return out;
}
