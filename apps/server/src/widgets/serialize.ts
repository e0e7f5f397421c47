import type { PublicWidget, Widget } from '@hh/contract/widgets';
import type { widgets } from '../db/schema/wave.ts';
import { escapeHtml } from '@hh/html/escape';

export type WidgetRow = typeof widgets.$inferSelect;

/** The embed code the portal copies or emails: one script tag, or an iframe. */
export function embedCode(publicUrl: string, w: Pick<WidgetRow, 'id' | 'widgetTitleText' | 'orientation'>) {
  const height = w.orientation === 'vertical' ? 720 : 440;
  return {
    script: `<script src="${publicUrl}/widget/script.js" data-widget-id="${w.id}" async></script>`,
    iframe: `<iframe src="${publicUrl}/widget/embed/${w.id}" title="${escapeHtml(w.widgetTitleText || 'Meet the team')}" width="100%" height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe>`,
  };
}

export function toWidget(r: WidgetRow, publicUrl: string): Widget {
  return {
    ...publicWidgetOf(r),
    clientId: r.clientId,
    name: r.name,
    embeddingPermissions: r.embeddingPermissions,
    departments: r.departments,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    embedCode: embedCode(publicUrl, r),
  };
}

/** What an embedding page may see of a widget (no tenant, permissions or audit fields). */
export function publicWidgetOf(r: WidgetRow): PublicWidget {
  return {
    _id: r.id,
    thumbnailType: r.thumbnailType as PublicWidget['thumbnailType'],
    videoControls: r.videoControls,
    style: r.style,
    viewMoreButtonText: r.viewMoreButtonText,
    font: r.font,
    widgetTitleText: r.widgetTitleText,
    orientation: r.orientation,
  };
}
