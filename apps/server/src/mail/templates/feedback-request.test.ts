import { describe, expect, it } from 'vitest';
import { type Branding, renderMail } from '../index.ts';

const acme: Branding = { name: 'Acme & Sons', logoUrl: 'https://cdn.example/acme.png', accentColor: '#0C74E4' };
const data = {
  interviewerFirstName: 'Ann',
  candidateName: 'Maya <b>Rivera</b>',
  jobTitle: 'ICU Nurse',
  interviewName: 'Clinical panel',
  link: 'https://hh.example/interviews/a/b',
};

describe('the feedback request mail', () => {
  it('asks for the scorecard with the link, says why the others are hidden, and escapes names', async () => {
    const m = await renderMail('feedbackRequest', { ...data, reminder: false }, acme);
    expect(m.subject).toBe('Scorecard for Maya <b>Rivera</b> – Clinical panel');
    expect(m.text).toBe(
      "Hello Ann,\n\nPlease fill in your scorecard for Maya <b>Rivera</b>, Clinical panel (ICU Nurse).\nThe other interviewers' feedback stays hidden from you until you submit yours.\n\nFill in the scorecard: https://hh.example/interviews/a/b",
    );
    expect(m.html).toContain('href="https://hh.example/interviews/a/b"');
    expect(m.html).toContain('Maya &lt;b&gt;Rivera&lt;/b&gt;');
    expect(m.html).not.toContain('<b>Rivera');
  });

  it('words a reminder as one', async () => {
    const m = await renderMail('feedbackRequest', { ...data, reminder: true }, acme);
    expect(m.subject).toBe('Reminder: scorecard for Maya <b>Rivera</b> – Clinical panel');
    expect(m.text).toContain('Your scorecard is still missing for Maya <b>Rivera</b>');
  });
});
