import { describe, expect, it } from 'vitest';
import { docToText } from './doc-text.ts';
import * as F from './extract-fields.ts';
import { checkedKind, claimedKind, decodeXml, headerLineText, runText } from './extract-text.ts';
import { MB, PATHOLOGICAL } from './pathological.ts';
import { countOperators } from './pdf-guard.ts';
import { rtfToText } from './rtf-text.ts';
import { sniffResume } from './sniff-resume.ts';

/**
 * Every function of the parser that applies a pattern to document text runs on each pathological
 * input of 1 MB (long runs of letters, '@', digits, spaces, separators; repeated fragments), as one
 * line and as many lines. There is no timing threshold: a quadratic pattern makes a test run for
 * minutes (the old EMAIL pattern took 2 s on 20,000 letters, about 5 min on 200,000), so finishing
 * within Vitest's timeout is the check. The times are printed (bench/resume/pathological.ts prints them too).
 */
const blocks = (s: string, section: F.Block['section']): F.Block[] => [
  { section: 'header', lines: s.split('\n') },
  { section, lines: s.split('\n') },
];
const manyLines = (s: string) => s.replace(/(.{200})/g, '$1\n');

/** Readers of whole files (not of lines): one shape of each input is enough. */
const FILE_READERS = new Set(['docToText', 'rtfToText', 'sniffResume', 'checkedKind', 'countOperators']);

const FUNCTIONS: Record<string, (s: string) => unknown> = {
  boundText: F.boundText,
  firstEmail: F.firstEmail,
  findEmail: F.findEmail,
  trimTrailing: (s) => F.trimTrailing(s, '.,;:'),
  headingOf: F.headingOf,
  cellsOf: F.cellsOf,
  joinLabels: (s) => F.joinLabels(s.split('\n')),
  splitSections: (s) => F.splitSections(s.split('\n')),
  findPhone: (s) => F.findPhone(s.split('\n')),
  findLinks: (s) => F.findLinks(s, ''),
  looksLikeName: F.looksLikeName,
  findName: (s) => F.findName(blocks(s, 'contact'), ''),
  findAddress: (s) => F.findAddress(blocks(s, 'contact'), ''),
  cleanSkill: F.cleanSkill,
  findSkills: (s) => F.findSkills(blocks(s, 'skills'), s),
  findSkillsInProse: (s) => F.findSkills(blocks(s, 'summary'), s),
  isoDate: F.isoDate,
  dateRangeOf: F.dateRangeOf,
  wordsScore: (s) => F.wordsScore(s, new Set(['a', 'ana'])),
  isLocation: F.isLocation,
  isBullet: F.isBullet,
  partsOf: F.partsOf,
  findExperience: (s) => F.findExperience(blocks(s, 'experience'), new Set(['berlin'])),
  findEducation: (s) => F.findEducation(blocks(s, 'education')),
  extractFields: F.extractFields,
  decodeXml,
  runText,
  headerLineText,
  docToText: (s) => docToText(Buffer.from(s, 'latin1')),
  rtfToText: (s) => rtfToText(`{\\rtf1 ${s}}`),
  sniffResume: (s) => sniffResume(Buffer.from(s)),
  claimedKind: (s) => claimedKind(s, s),
  checkedKind: (s) => {
    try {
      return checkedKind(Buffer.from(s), 'text/plain', 'cv.txt');
    } catch {
      return null; // refused ('@'.repeat is text; some inputs are not): only the time matters here
    }
  },
  countOperators: (s) => countOperators(Buffer.from(s, 'latin1')),
};

describe('every pattern-bearing function is linear on 1 MB inputs', () => {
  for (const [name, fn] of Object.entries(FUNCTIONS)) {
    it(`${name}`, () => {
      const times: string[] = [];
      let worst = 0;
      for (const [input, text] of Object.entries(PATHOLOGICAL)) {
        expect(text.length).toBe(MB);
        const shapes = FILE_READERS.has(name)
          ? [['one line', text]]
          : [
              ['one line', text],
              ['200-char lines', manyLines(text)],
            ];
        for (const [shape, s] of shapes) {
          const started = performance.now();
          fn(s);
          const ms = performance.now() - started;
          worst = Math.max(worst, ms);
          if (ms > 100) times.push(`${input} (${shape}) ${ms.toFixed(0)} ms`);
        }
      }
      console.log(`[1 MB] ${name}: worst ${worst.toFixed(0)} ms${times.length ? `; over 100 ms: ${times.join(', ')}` : ''}`);
    });
  }
});

describe('the rewritten patterns find what the old ones found', () => {
  it('email: the first address, its domain ending in letters, lower-cased', () => {
    expect(F.findEmail('Contact: Ana.Souza+cv@Example.com.br, phone')).toBe('ana.souza+cv@example.com.br');
    expect(F.findEmail('x@y nobody@ here: pat@acme.io.')).toBe('pat@acme.io');
    expect(F.findEmail('a@b.com2')).toBe('a@b.com');
    expect(F.findEmail('no address @ all, user@localhost')).toBe('');
    expect(F.findEmail('søren.kjær@eksempel.dk')).toBe('søren.kjær@eksempel.dk');
  });

  it('cells, parts and skills split as before; over-long runs are cut', () => {
    expect(F.cellsOf('Ana Souza  |  São Paulo, Brazil\t+55 11 91234-5678')).toEqual(['Ana Souza', 'São Paulo, Brazil', '+55 11 91234-5678']);
    expect(F.partsOf('Senior Nurse at Rigshospitalet Hospital (Copenhagen)')).toEqual(['Senior Nurse', 'Rigshospitalet Hospital (Copenhagen)']);
    expect(F.partsOf('(Remote) Developer - Acme, Inc.')).toEqual(['(Remote) Developer', 'Acme Inc.']);
    expect(F.partsOf('Developer (Remote - Acme')).toEqual(['Developer (Remote', 'Acme']);
    expect(F.cleanSkill('• TypeScript (expert);')).toBe('TypeScript');
    // A run of spaces is cut to 4, a token to 256 characters ('b' and 255 × 'x').
    expect(F.boundText(`a${' '.repeat(50)}b${'x'.repeat(300)}`)).toBe(`a    b${'x'.repeat(255)}`);
  });
});
