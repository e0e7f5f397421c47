import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { defineTemplate } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

interface AlertDigest {
  alertName: string;
  /** New matches since the last run, newest first (at most the first 50 are listed). */
  candidates: Array<{ name: string; email: string; city: string | null; link: string }>;
  /** All new matches, when more than are listed. */
  total: number;
  /** The alert's search in the portal. */
  searchLink: string;
  /** Where to change or pause the alert. */
  manageLink: string;
}

const headline = (d: AlertDigest) => `${d.total} new candidate${d.total === 1 ? '' : 's'} match your alert "${d.alertName}".`;
const line = (c: AlertDigest['candidates'][number]) => `${c.name} (${c.email}${c.city ? `, ${c.city}` : ''})`;

/** The saved-search alert: one digest to the recruiter listing the candidates that are new since the last run. */
export const alertDigest = defineTemplate<AlertDigest>({
  subject: (d) => `Alert "${d.alertName}": ${d.total} new candidate${d.total === 1 ? '' : 's'}`,
  preview: headline,
  text: (d) =>
    [
      headline(d),
      '',
      ...d.candidates.map((c) => `- ${line(c)}: ${c.link}`),
      ...(d.total > d.candidates.length ? [`and ${d.total - d.candidates.length} more: ${d.searchLink}`] : []),
      '',
      `See them all: ${d.searchLink}`,
      `Change or pause this alert: ${d.manageLink}`,
    ].join('\n'),
  body: (d, b) => (
    <>
      <Text style={textStyle}>{headline(d)}</Text>
      {d.candidates.map((c) => (
        <Text key={c.link} style={{ ...textStyle, margin: '0 0 6px' }}>
          <Link href={c.link} style={{ color: b.accentColor }}>
            {c.name}
          </Link>{' '}
          ({c.email}
          {c.city ? `, ${c.city}` : ''})
        </Text>
      ))}
      {d.total > d.candidates.length ? <Text style={textStyle}>and {d.total - d.candidates.length} more.</Text> : null}
      <Button href={d.searchLink} style={buttonStyle(b)}>
        See them all
      </Button>
      <Text style={{ ...textStyle, fontSize: '12px', color: '#4b5563', marginTop: '18px' }}>
        <Link href={d.manageLink} style={{ color: b.accentColor }}>
          Change or pause this alert
        </Link>
      </Text>
    </>
  ),
});
