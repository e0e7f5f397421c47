import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate, hello } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

export interface OfferApprovalMailData {
  approverFirstName?: string | null;
  candidateName: string;
  jobTitle: string;
  /** The salary as the offer states it, e.g. "85,000 USD". */
  salary: string;
  /** The application in the portal, where the offer is read and approved. */
  link: string;
}

/** Tells the next approver of an offer's chain that it waits for them (offers domain). */
export const offerApproval = defineTemplate<OfferApprovalMailData>({
  subject: (d) => `Approval needed: offer for ${d.candidateName} – ${d.jobTitle}`,
  preview: (d) => `The offer for ${d.candidateName} waits for your approval.`,
  text: (d) =>
    `${hello(d.approverFirstName)}\n\nThe offer for ${d.candidateName} (${d.jobTitle}, ${d.salary}) waits for your approval. It goes to the candidate once everyone in the chain has approved it.\n\nRead and approve the offer: ${d.link}`,
  body: (d, b) => (
    <>
      <Text style={textStyle}>{hello(d.approverFirstName)}</Text>
      <Text style={textStyle}>
        The offer for <strong>{d.candidateName}</strong> ({d.jobTitle}, {d.salary}) waits for your approval. It goes to the candidate once everyone in the chain
        has approved it.
      </Text>
      <Button href={d.link} style={buttonStyle(b)}>
        Read and approve the offer
      </Button>
    </>
  ),
});
