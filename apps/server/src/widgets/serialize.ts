import type { PublicWidget, Widget } from '@hh/contract/widgets';
import { embedCode, type WidgetRow } from '../wave/index.ts';

export type { WidgetRow };

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
