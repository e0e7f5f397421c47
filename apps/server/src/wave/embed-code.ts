import { escapeHtml } from '@hh/html/escape';
import type { widgets } from '../db/schema/wave.ts';

export type WidgetRow = typeof widgets.$inferSelect;

/** The embed code the portal copies or emails: one script tag, or an iframe. */
export function embedCode(publicUrl: string, w: Pick<WidgetRow, 'id' | 'widgetTitleText' | 'orientation'>) {
  const height = w.orientation === 'vertical' ? 720 : 440;
  return {
    script: `<script src="${publicUrl}/widget/script.js" data-widget-id="${w.id}" async></script>`,
    iframe: `<iframe src="${publicUrl}/widget/embed/${w.id}" title="${escapeHtml(w.widgetTitleText || 'Meet the team')}" width="100%" height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe>`,
  };
}
