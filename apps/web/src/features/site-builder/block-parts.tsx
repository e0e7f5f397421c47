import type { ReactNode } from 'react';

/** What the site blocks share: their props, text and list readers, and links that stay put in the editor. */
export type Props = Record<string, unknown>;
export const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const items = (v: unknown) => (Array.isArray(v) ? (v as Props[]) : []);
/** Links do not navigate inside the editor; they show where they lead. */
export const A = ({ href, className, children }: { href: string; className?: string; children: ReactNode }) => (
  <a href={href || '#'} className={className} onClick={(e) => e.preventDefault()}>
    {children}
  </a>
);
