import { describe, expect, it } from 'vitest';
import { campaignValue, formEncode, indeedApplyData, jobKind, salaryText, trackedUrl, trackingQueries, UTM } from './feed-rules.ts';
import { ChunkBuffer, cdata } from './xml.ts';

describe('feed rules (core spec §7)', () => {
  it('campaign: the budget, 0 when none or not above zero, "IA" in front for Indeed Apply jobs', () => {
    expect(campaignValue(250, false)).toBe('250.00');
    expect(campaignValue('99.5', true)).toBe('IA99.50');
    expect(campaignValue(null, false)).toBe('0');
    expect(campaignValue(0, true)).toBe('IA0');
    expect(campaignValue(-3, false)).toBe('0');
  });

  it('kinds: sponsored (budget > 0) wins over Indeed Apply; Indeed Apply unsponsored is quick apply; the rest organic', () => {
    expect(jobKind(10, true)).toBe('sponsored');
    expect(jobKind(10, false)).toBe('sponsored');
    expect(jobKind(0, true)).toBe('quickApply');
    expect(jobKind(null, false)).toBe('organic');
    expect(UTM.sponsored).toEqual({ utm_source: 'Indeed', utm_medium: 'sponsored_ppc', utm_campaign: 'indeed_sponsored' });
  });

  it('the precomputed tracking query equals tagging the URL', () => {
    const q = trackingQueries('careers.example.com');
    for (const kind of ['sponsored', 'quickApply', 'organic'] as const) {
      expect(`https://h.test/a/job/1${q[kind]}`).toBe(trackedUrl('https://h.test/a/job/1', kind, 'careers.example.com'));
    }
  });

  it("form-encodes exactly as URLSearchParams does (Indeed's rule for <indeed-apply-data>)", () => {
    for (const s of ["A & B = C's (best) ~ co!", 'Zürich, ZH 8001', 'emoji 🎉 / ?x=1#y', 'a+b*c-d_e.f']) {
      expect(formEncode(s)).toBe(new URLSearchParams({ x: s }).toString().slice(2));
    }
    const data = indeedApplyData({
      apiToken: 't',
      jobId: 'j',
      jobTitle: 'x'.repeat(60),
      jobCompanyName: 'C',
      jobLocation: 'L',
      jobUrl: 'https://u',
      postUrl: 'https://p',
    });
    expect(new URLSearchParams(data).get('indeed-apply-jobTitle')).toHaveLength(50);
    expect(new URLSearchParams(data).has('indeed-apply-questions')).toBe(false);
  });

  it('salary text', () => {
    expect(salaryText('50000', '70000', 'USD', 'year')).toBe('$50,000 - $70,000 per year');
    expect(salaryText('18.5', null, 'USD', 'hour')).toBe('$18.5 per hour');
    expect(salaryText(null, null, 'USD', 'year')).toBe('');
  });
});

describe('xml writer', () => {
  it('wraps text in CDATA, splitting "]]>" and dropping characters XML forbids', () => {
    expect(cdata('a]]>b')).toBe('<![CDATA[a]]]]><![CDATA[>b]]>');
    expect(cdata('x\u0000\u001Fy\ttab')).toBe('<![CDATA[xy\ttab]]>');
    expect(cdata(null)).toBe('<![CDATA[]]>');
  });

  it('chunks pieces into buffers of at most the chunk size, in order, as UTF-8', () => {
    const buf = new ChunkBuffer(32);
    const pieces = ['héllo ', 'wörld ', '€'.repeat(20), 'end'];
    const out: Buffer[] = [];
    for (const p of pieces) {
      buf.push(p);
      if (buf.full) out.push(buf.take());
    }
    out.push(buf.take());
    expect(Buffer.concat(out).toString('utf8')).toBe(pieces.join(''));
  });
});
