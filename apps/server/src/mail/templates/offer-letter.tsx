import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate, hello } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

export interface OfferLetterMailData {
  firstName: string | null;
  jobTitle: string;
  /** The signed link to the public offer page (accept or decline there). */
  link: string;
  /** The expiry as the letter states it, with its time zone. */
  expires: string;
}

/** POST /api/offers/{id}/send: the approved offer letter, attached as a PDF, with the link to answer it. */
export const offerLetter = defineTemplate<OfferLetterMailData>({
  subject: (d, b) => `Your offer from ${b.name}: ${d.jobTitle}`,
  preview: (d, b) => `${b.name} is pleased to offer you the position of ${d.jobTitle}.`,
  text: (d, b) =>
    `${hello(d.firstName)}\n\n${b.name} is pleased to offer you the position of ${d.jobTitle}. Your offer letter is attached as a PDF.\n\nRead it and accept or decline here: ${d.link}\n\nThe offer is open until ${d.expires}.`,
  body: (d, b) => (
    <>
      <Text style={textStyle}>{hello(d.firstName)}</Text>
      <Text style={textStyle}>
        {b.name} is pleased to offer you the position of <strong>{d.jobTitle}</strong>. Your offer letter is attached as a PDF.
      </Text>
      <Button href={d.link} style={buttonStyle(b)}>
        Read and answer your offer
      </Button>
      <Text style={textStyle}>The offer is open until {d.expires}.</Text>
    </>
  ),
});
