import { Text } from '@react-email/text';
import { defineTemplate } from '../define.ts';
import { preStyle, textStyle } from '../layout.tsx';

/** POST /api/profiles/wave/dispatch-embed-code: the widget's script tag and iframe for whoever edits the website. */
export const embedCode = defineTemplate<{ companyName: string; message: string | null; script: string; iframe: string; domains: string[] }>({
  subject: (d) => `Embed code for the ${d.companyName} team widget`,
  preview: () => 'Paste one of these into the page where the widget should appear.',
  text: (d) =>
    `${d.message ? `${d.message}\n\n` : ''}Paste one of these into the page where the widget should appear.\n\nScript tag:\n${d.script}\n\nOr an iframe:\n${d.iframe}\n\nThe widget shows only on these domains: ${domainList(d.domains)}.`,
  body: (d) => (
    <>
      {d.message ? <Text style={{ ...textStyle, whiteSpace: 'pre-wrap' }}>{d.message}</Text> : null}
      <Text style={textStyle}>Paste one of these into the page where the widget should appear.</Text>
      <Text style={textStyle}>Script tag:</Text>
      <pre style={preStyle}>{d.script}</pre>
      <Text style={textStyle}>Or an iframe:</Text>
      <pre style={preStyle}>{d.iframe}</pre>
      <Text style={textStyle}>The widget shows only on these domains: {domainList(d.domains)}.</Text>
    </>
  ),
});

const domainList = (domains: string[]) => domains.join(', ') || '(none yet: add them in the widget setup)';
