import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Document, Header, Packer, Paragraph, TextRun } from 'docx';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';
import { parseResume } from './index.ts';

let t: TestApp;
let headers: Record<string, string>;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

beforeAll(async () => {
  t = await setupTestApp();
  headers = (await createTenant(t.app)).recruiterAuth.headers;
});
afterAll(async () => t?.close());

function multipart(bytes: Uint8Array | Buffer, opts: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = `b${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'resume'}"; filename="${opts.filename ?? 'cv.bin'}"\r\nContent-Type: ${opts.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const post = (bytes: Uint8Array | Buffer, opts: Parameters<typeof multipart>[1] = {}, auth = headers) => {
  const mp = multipart(bytes, opts);
  return t.app.inject({ method: 'POST', url: '/api/resume-parser', payload: mp.payload, headers: { ...mp.headers, ...auth } });
};

async function pdfResume(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines: Array<[string, number, number, number]> = [
    ['Søren Kjær', 50, 790, 22],
    ['Copenhagen, Denmark | +45 20 12 34 56 | soren.kjaer@example.dk | github.com/skjaer', 50, 765, 9],
    ['EXPERIENCE', 50, 730, 12],
    ['Senior Nurse, Rigshospitalet Hospital', 50, 712, 10],
    ['Mar 2020 – Present', 460, 712, 9],
    ['•  Cared for telemetry patients', 60, 698, 9],
    ['Staff Nurse, Aarhus University Hospital', 50, 680, 10],
    ['Jan 2016 – Feb 2020', 460, 680, 9],
    ['EDUCATION', 50, 650, 12],
    ['Bachelor of Science in Nursing, University of Copenhagen', 50, 632, 10],
    ['2012 – 2016', 460, 632, 9],
    ['SKILLS', 50, 600, 12],
    ['Telemetry, ICU, BLS, ACLS, Wound Care', 50, 584, 10],
  ];
  for (const [s, x, y, size] of lines) page.drawText(s, { x, y, size, font });
  return doc.save();
}

async function docxResume(): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph({ children: [new TextRun({ text: 'Nguyễn Thị Mai', bold: true, size: 36 })] })] }) },
        children: [
          new Paragraph('mai.nguyen@example.vn • +84 91 234 56 78 • Hanoi, Vietnam'),
          new Paragraph('Work Experience'),
          new Paragraph('Backend Developer at FPT Software'),
          new Paragraph('June 2019 to Present'),
          new Paragraph('Skills'),
          new Paragraph('Go, PostgreSQL, Kubernetes'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** A minimal OLE2 compound file (the .doc container) holding `text` as UTF-16LE, optionally an EncryptedPackage stream name. */
function oleFile(text: string, encryptedPackage = false): Buffer {
  const head = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(head);
  const dir = Buffer.from(`${encryptedPackage ? 'EncryptedPackage' : 'WordDocument'}`, 'utf16le');
  const body = Buffer.from(text.replace(/\n/g, '\r'), 'utf16le');
  const fib = Buffer.alloc(512);
  fib.writeUInt16LE(0xa5ec, 0);
  return Buffer.concat([head, fib, body, Buffer.alloc(64), dir, Buffer.alloc(64)]);
}

function storedFiles(): number {
  const root = path.join(t.app.config.dataDir, 'storage');
  if (!existsSync(root)) return 0;
  const walk = (d: string): number => readdirSync(d).reduce((n, f) => n + (statSync(path.join(d, f)).isDirectory() ? walk(path.join(d, f)) : 1), 0);
  return walk(root);
}

describe('POST /api/resume-parser', () => {
  it('parses a PDF resume into the candidate fields', async () => {
    const res = await post(await pdfResume(), { filename: 'cv.pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      firstName: 'Søren',
      lastName: 'Kjær',
      email: 'soren.kjaer@example.dk',
      phone: '+45 20 12 34 56',
      address: { city: 'Copenhagen', country: 'Denmark' },
      links: ['https://github.com/skjaer'],
      skills: ['Telemetry', 'ICU', 'BLS', 'ACLS', 'Wound Care'],
      fileType: 'pdf',
    });
    expect(r.experience).toEqual([
      { title: 'Senior Nurse', employer: 'Rigshospitalet Hospital', startDate: '2020-03', endDate: 'Present' },
      { title: 'Staff Nurse', employer: 'Aarhus University Hospital', startDate: '2016-01', endDate: '2020-02' },
    ]);
    expect(r.education[0]).toMatchObject({
      degree: 'Bachelor of Science in Nursing',
      institution: 'University of Copenhagen',
      startDate: '2012',
      endDate: '2016',
    });
    expect(r.resumeText).toContain('Cared for telemetry patients');
  });

  it('parses a DOCX resume, reading the name from the page header', async () => {
    const res = await post(await docxResume(), { filename: 'cv.docx', type: DOCX });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Nguyễn',
      lastName: 'Thị Mai',
      email: 'mai.nguyen@example.vn',
      phone: '+84 91 234 56 78',
      address: { city: 'Hanoi', country: 'Vietnam' },
      skills: ['Go', 'PostgreSQL', 'Kubernetes'],
      experience: [{ title: 'Backend Developer', employer: 'FPT Software', startDate: '2019-06', endDate: 'Present' }],
      fileType: 'docx',
    });
  });

  it('parses RTF, plain text and legacy DOC', async () => {
    const rtf = String.raw`{\rtf1\ansi{\fonttbl{\f0 Arial;}}{\info{\author X}}\f0 {\b Jos\'e9 Mar\u237?a P\'e9rez}\par Sevilla, Spain | +34 612 345 678 | jose.perez@example.es\par\par Skills\par Excel; SAP; Forecasting\par}`;
    const a = await post(Buffer.from(rtf, 'latin1'), { filename: 'cv.rtf', type: 'application/rtf' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({
      firstName: 'José',
      lastName: 'María Pérez',
      email: 'jose.perez@example.es',
      skills: ['Excel', 'SAP', 'Forecasting'],
      fileType: 'rtf',
    });

    const txt = 'Name: Aigerim Bekova\nEmail: aigerim.b@example.kz\nPhone: +7 701 234 5678\n\nExperience\nAccountant, Kaspi Bank\n2018 - 2022\n';
    const b = await post(Buffer.from(txt), { filename: 'cv.txt', type: 'text/plain' });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toMatchObject({
      firstName: 'Aigerim',
      lastName: 'Bekova',
      phone: '+7 701 234 5678',
      experience: [{ title: 'Accountant', employer: 'Kaspi Bank' }],
    });

    const doc = oleFile('Kofi Boateng\nkofi.boateng@example.gh\n+233 24 123 4567\nExperience\nSite Engineer, Accra Builders Ltd\n2017 - 2021\n');
    const c = await post(doc, { filename: 'cv.doc', type: 'application/msword' });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({ firstName: 'Kofi', lastName: 'Boateng', email: 'kofi.boateng@example.gh', fileType: 'doc' });
  });

  it('refuses a missing file or another field with 400', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/resume-parser', headers, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ errorMsg: { resume: [messages.requisitions.parseFailed, messages.requisitions.resumeMissing] } });
    const other = await post(Buffer.from('hello'), { field: 'file', filename: 'cv.txt', type: 'text/plain' });
    expect(other.statusCode).toBe(400);
    expect(other.json().errorMsg.resume).toEqual([messages.requisitions.parseFailed, messages.requisitions.resumeMissing]);
    const empty = await post(Buffer.alloc(0), { filename: 'cv.pdf', type: 'application/pdf' });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a file that is not what it claims (415)', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
    const res = await post(png, { filename: 'cv.pdf', type: 'application/pdf' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ errorMsg: { resume: [messages.requisitions.parseFailed, messages.requisitions.resumeNotWhatItClaims] } });
    const pdfAsDocx = await post(await pdfResume(), { filename: 'cv.docx', type: DOCX });
    expect(pdfAsDocx.statusCode).toBe(415);
    const unknown = await post(png, { filename: 'image', type: 'application/octet-stream' });
    expect(unknown.statusCode).toBe(415);
    expect(unknown.json().errorMsg.resume).toEqual([messages.requisitions.parseFailed, messages.requisitions.resumeUnsupported]);
  });

  it('refuses encrypted PDF and DOCX files (422)', async () => {
    // A PDF whose standard security handler does not open with the empty password.
    const objs = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
      `<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -44 >>`,
    ];
    let body = '%PDF-1.4\n';
    const offsets: number[] = [];
    objs.forEach((o, i) => {
      offsets.push(body.length);
      body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    });
    const xref = body.length;
    body += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
    const pdf = await post(Buffer.from(body, 'latin1'), { filename: 'cv.pdf', type: 'application/pdf' });
    expect(pdf.statusCode, pdf.body).toBe(422);
    expect(pdf.json()).toEqual({ errorMsg: { resume: [messages.requisitions.parseFailed, messages.requisitions.resumeEncrypted] } });

    // Word saves a password-protected .docx as an OLE2 file holding an EncryptedPackage stream.
    const docx = await post(oleFile('x', true), { filename: 'cv.docx', type: DOCX });
    expect(docx.statusCode).toBe(422);
    expect(docx.json().errorMsg.resume).toEqual([messages.requisitions.parseFailed, messages.requisitions.resumeEncrypted]);
  });

  it('refuses a zip bomb without inflating it (413)', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
    zip.file('word/document.xml', ' '.repeat(8 * 1024 * 1024));
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const res = await post(bytes, { filename: 'cv.docx', type: DOCX });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errorMsg: { resume: [messages.requisitions.parseFailed, messages.requisitions.resumeExpandsTooMuch] } });
  });

  it('refuses a resume over 10 MB (413)', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x61);
    const res = await post(big, { filename: 'cv.txt', type: 'text/plain' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errorMsg: { resume: [messages.requisitions.parseFailed, messages.requisitions.resumeTooLarge] } });
  });

  it('answers the spec message alone when a file of the right type cannot be read (422)', async () => {
    const res = await post(Buffer.from('%PDF-1.7\nthis is not really a pdf\n'), { filename: 'cv.pdf', type: 'application/pdf' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errorMsg: { resume: [messages.requisitions.parseFailed] } });
  });

  it('keeps nothing: no stored file after any parse', async () => {
    const before = storedFiles();
    await post(await pdfResume(), { filename: 'cv.pdf', type: 'application/pdf' });
    await post(Buffer.from('%PDF-1.7 junk'), { filename: 'cv.pdf', type: 'application/pdf' });
    expect(storedFiles()).toBe(before);
  });

  it('needs a signed-in user with the CRM or jobs product', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/resume-parser', ...multipart(Buffer.from('x'), { filename: 'cv.txt', type: 'text/plain' }) });
    expect(anon.statusCode).toBe(401);
    const tenant = await createTenant(t.app);
    const noProduct = await createUser(t.app, { role: 'user', clientId: tenant.client.id });
    const res = await post(
      Buffer.from('Jane Roe\njane@example.org'),
      { filename: 'cv.txt', type: 'text/plain' },
      (await signIn(t.app, noProduct.email)).headers,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('parseResume()', () => {
  it('is callable with bytes and a content type (the apply and create paths)', async () => {
    const r = await parseResume(new TextEncoder().encode('Marta Kowalska\nmarta.k@example.pl\n+48 601 234 567\n'), 'text/plain');
    expect(r).toMatchObject({ firstName: 'Marta', lastName: 'Kowalska', email: 'marta.k@example.pl', phone: '+48 601 234 567', fileType: 'txt' });
  });
});
