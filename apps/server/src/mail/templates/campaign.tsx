import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { defineTemplate } from '../define.ts';
import { textStyle } from '../layout.tsx';

interface Campaign {
  /** The subject with its merge fields filled in. */
  subject: string;
  /**
   * The body as sanitised HTML with its merge fields filled in (values escaped): the caller
   * (crm/campaigns) sanitises what the recruiter wrote when it is stored and again here.
   */
  html: string;
  /** The same body as plain text. */
  text: string;
  /** The one-click unsubscribe page for this recipient (a signed token). */
  unsubscribeUrl: string;
}

/** A recruiter's campaign to one candidate of a list, with the unsubscribe link every campaign mail needs. */
export const campaign = defineTemplate<Campaign>({
  subject: (d) => d.subject,
  text: (d, b) => `${d.text}\n\n--\nYou receive this email because you applied to ${b.name}. Unsubscribe: ${d.unsubscribeUrl}`,
  body: (d, b) => (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML (sanitize-html, crm/campaigns/sanitize-body.ts) */}
      <div style={{ ...textStyle, margin: '0 0 20px' }} dangerouslySetInnerHTML={{ __html: d.html }} />
      <Text style={{ ...textStyle, fontSize: '12px', color: '#4b5563' }}>
        You receive this email because you applied to {b.name}.{' '}
        <Link href={d.unsubscribeUrl} style={{ color: b.accentColor }}>
          Unsubscribe
        </Link>
      </Text>
    </>
  ),
});
