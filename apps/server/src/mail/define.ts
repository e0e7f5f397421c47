import type { TemplateKind } from '@hh/contract/team';
import type { ReactElement } from 'react';
import type { Branding } from './branding.ts';

/**
 * One email: its subject, its plain-text part and its HTML body (a React Email component, so
 * every interpolated value is escaped by React). The text part is written, not derived, so a
 * mail client without HTML shows the links in full and in the order the reader needs them.
 */
export interface MailTemplate<Data> {
  subject: (data: Data, branding: Branding) => string;
  text: (data: Data, branding: Branding) => string;
  /** The content inside the shared branded layout (logo, name, footer). */
  body: (data: Data, branding: Branding) => ReactElement;
  /** The line mail clients show beside the subject. */
  preview?: (data: Data, branding: Branding) => string;
  /**
   * The kind of client template that replaces this mail when the client has one (decision 0042), and the
   * merge values it gets (contract `mergeFields[kind]`).
   */
  clientTemplate?: { kind: TemplateKind; values: (data: Data, branding: Branding) => Record<string, string | null | undefined> };
}

export const defineTemplate = <Data>(t: MailTemplate<Data>): MailTemplate<Data> => t;

/** "Hello Ann," or "Hello," */
export const hello = (firstName?: string | null) => `Hello${firstName ? ` ${firstName}` : ''},`;
