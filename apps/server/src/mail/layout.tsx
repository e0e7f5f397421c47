import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { type Branding, productBranding } from './branding.ts';

export const textStyle = { fontSize: '15px', lineHeight: '22px', color: '#1f2937', margin: '0 0 14px' } as const;
export const preStyle = {
  fontFamily: 'Menlo, Consolas, monospace',
  fontSize: '13px',
  background: '#f3f4f6',
  padding: '10px',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;
export const buttonStyle = (b: Branding) =>
  ({ background: b.accentColor, color: '#ffffff', borderRadius: '6px', padding: '10px 18px', fontWeight: 600, textDecoration: 'none' }) as const;

/** The frame every email shares: the client's logo or name on top, the content, a footer naming the sender. */
export function Layout({ branding, preview, children }: { branding: Branding; preview?: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      {preview ? <Preview>{preview}</Preview> : null}
      <Body style={{ background: '#f6f7f9', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ background: '#ffffff', borderRadius: '8px', padding: '28px 32px', maxWidth: '560px' }}>
          <Section style={{ marginBottom: '20px' }}>
            {branding.logoUrl ? (
              <Img src={branding.logoUrl} alt={branding.name} height="40" style={{ maxHeight: '40px', width: 'auto' }} />
            ) : (
              <Text style={{ ...textStyle, fontSize: '18px', fontWeight: 700, color: branding.accentColor }}>{branding.name}</Text>
            )}
          </Section>
          {children}
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 12px' }} />
          <Text style={{ ...textStyle, fontSize: '12px', color: '#4b5563' }}>
            {branding.name === productBranding.name ? `Sent by ${branding.name}.` : `Sent by ${branding.name} through ${productBranding.name}.`}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
