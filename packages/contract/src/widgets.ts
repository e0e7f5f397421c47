import { z } from 'zod';
import { id, isoDate, paged } from './common.ts';
import { defineRoute } from './route.ts';
import { siteFonts } from './site-builder.ts';

/** Widget settings (core spec §3 Widget), with the spec's defaults. */
const hex = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'color must be a hex colour such as #ff9a08');

export const styleEntry = z.object({ name: z.string().trim().min(1).max(60), color: hex, showCanvas: z.boolean().default(true) });
export type StyleEntry = z.infer<typeof styleEntry>;

/**
 * Default colours (§3). header and bodyText exist with no default in the spec: we use black and
 * a dark grey, readable on the white inlay (docs/wave.md).
 */
export const defaultStyle: StyleEntry[] = [
  { name: 'background', color: '#ff9a08', showCanvas: true },
  { name: 'inlay', color: '#ffffff', showCanvas: true },
  { name: 'widgetTitle', color: '#000000', showCanvas: true },
  { name: 'buttonBackground', color: '#ffffff', showCanvas: true },
  { name: 'buttonText', color: '#000000', showCanvas: true },
  { name: 'header', color: '#000000', showCanvas: true },
  { name: 'bodyText', color: '#333333', showCanvas: true },
];

export const videoControls = z.object({
  fullscreenSwitch: z.boolean().default(true),
  shareSwitch: z.boolean().default(false),
  volumeSwitch: z.boolean().default(true),
  playbarSwitch: z.boolean().default(true),
});
export const defaultVideoControls = { fullscreenSwitch: true, shareSwitch: false, volumeSwitch: true, playbarSwitch: true };

/** An allowed embedding domain: a host (example.com, *.example.com, localhost:8080) or an origin (https://example.com). */
export const embeddingDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(300)
  .regex(/^(https?:\/\/)?(\*\.)?[a-z0-9.-]+(:\d{1,5})?\/?$/, 'embeddingPermissions entries must be domains such as www.example.com');

export const thumbnailTypes = ['video_still', 'video_preview'] as const;

/**
 * The fonts a widget may be saved with: core §9's list, the career sites' own (site-builder.ts siteFonts),
 * default "Source Sans Pro" (§3). Every one is drawn: served from our host, or for a licensed name
 * (Campton, Avenir, Gotham, Kelson) its closest free face (site-css.ts widgetFont). Only writes are held
 * to the list: a widget stored with another name before it still reads (`widget.font` is a string),
 * keeps its name until someone picks a font, and is drawn as before (that name, then the system font).
 */
export const widgetFonts = siteFonts;
const widgetFont = z.enum(widgetFonts, { error: `font must be one of the available fonts: ${widgetFonts.join(', ')}` });

export const widgetSettings = z.object({
  name: z.string().trim().max(200).default(''),
  thumbnailType: z.enum(thumbnailTypes).default('video_still'),
  embeddingPermissions: z.array(embeddingDomain).max(100).default([]),
  videoControls: videoControls.default(defaultVideoControls),
  style: z.array(styleEntry).max(30).default(defaultStyle),
  viewMoreButtonText: z.string().trim().max(100).default('View More'),
  font: widgetFont.default('Source Sans Pro'),
  widgetTitleText: z.string().trim().max(200).default('Meet Our Managers'),
  orientation: z.enum(['horizontal', 'vertical']).default('horizontal'),
  /** Department ids (or names) whose approved profiles show; empty means every department. */
  departments: z.array(z.string().trim().min(1).max(200)).max(200).default([]),
});

export const createWidgetRequest = widgetSettings.extend({ clientId: id });

const partialSettings = z.object({
  name: z.string().trim().max(200),
  thumbnailType: z.enum(thumbnailTypes),
  embeddingPermissions: z.array(embeddingDomain).max(100),
  videoControls: z.object({ fullscreenSwitch: z.boolean(), shareSwitch: z.boolean(), volumeSwitch: z.boolean(), playbarSwitch: z.boolean() }).partial(),
  style: z.array(styleEntry).max(30),
  viewMoreButtonText: z.string().trim().max(100),
  font: widgetFont,
  widgetTitleText: z.string().trim().max(200),
  orientation: z.enum(['horizontal', 'vertical']),
  departments: z.array(z.string().trim().min(1).max(200)).max(200),
});
export const updateWidgetRequest = partialSettings.partial().extend({ _id: id, clientId: id.optional() });

export const widget = z.object({
  _id: id,
  clientId: id,
  name: z.string(),
  thumbnailType: z.enum(thumbnailTypes),
  embeddingPermissions: z.array(z.string()),
  videoControls: z.object({ fullscreenSwitch: z.boolean(), shareSwitch: z.boolean(), volumeSwitch: z.boolean(), playbarSwitch: z.boolean() }),
  style: z.array(z.object({ name: z.string(), color: z.string(), showCanvas: z.boolean() })),
  viewMoreButtonText: z.string(),
  font: z.string(),
  widgetTitleText: z.string(),
  orientation: z.enum(['horizontal', 'vertical']),
  departments: z.array(z.string()),
  createdBy: id.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Ready-made embed code: one script tag, or an iframe. */
  embedCode: z.object({ script: z.string(), iframe: z.string() }),
});
export type Widget = z.infer<typeof widget>;

/** Create and update reply "has status and data" (§7): status is the HTTP status, message the §8 text. */
export const widgetSaveReply = z.object({ status: z.number().int(), message: z.string(), data: widget });
export const widgetList = paged(widget);
export const widgetListQuery = z.object({ clientId: id });
export const widgetIdQuery = z.object({ widgetId: id });

/** A video as public pages and widgets show it. */
export const publicVideo = z.object({
  videoId: id,
  question: z.string().nullable(),
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  thumbnailUrl: z.string(),
  playbackUrl: z.string(),
  previewUrl: z.string().nullable(),
});
export type PublicVideo = z.infer<typeof publicVideo>;

export const publicProfile = z.object({
  _id: id,
  basicInfo: z.object({ firstName: z.string(), lastName: z.string() }),
  title: z.string(),
  university: z.string(),
  interests: z.string(),
  department: z.string(),
  departmentId: id.nullable(),
  videos: z.array(publicVideo),
});
export type PublicProfile = z.infer<typeof publicProfile>;

export const publicWidget = widget.pick({
  _id: true,
  thumbnailType: true,
  videoControls: true,
  style: true,
  viewMoreButtonText: true,
  font: true,
  widgetTitleText: true,
  orientation: true,
});
export type PublicWidget = z.infer<typeof publicWidget>;

export const widgetPreviewReply = z.object({ widget, profiles: z.array(publicProfile), meetTheTeamUrl: z.string() });
/** The embed's data: empty (widget null) for an unknown id or a page on a domain not allowed. */
export const widgetPublicReply = z.object({ widget: publicWidget.nullable(), profiles: z.array(publicProfile), meetTheTeamUrl: z.string().nullable() });
export type WidgetPublicReply = z.infer<typeof widgetPublicReply>;
/** GET /api/widget/public/:widgetId (and the embed page /widget/embed/:widgetId). */
export const widgetPublicParams = z.object({ widgetId: z.string().max(100) });

const errors = [400, 401, 403, 404] as const;
const tags = ['widgets'];

/** Widget calls (core spec §7 Widgets) and the embed's public data call. */
export const widgetRoutes = {
  create: defineRoute({ method: 'POST', path: '/api/widget/create', body: createWidgetRequest, status: 201, reply: widgetSaveReply, errors, tags }),
  update: defineRoute({ method: 'PATCH', path: '/api/widget/update', body: updateWidgetRequest, status: 200, reply: widgetSaveReply, errors, tags }),
  list: defineRoute({ method: 'GET', path: '/api/widget', query: widgetListQuery, status: 200, reply: widgetList, errors, tags }),
  getById: defineRoute({ method: 'GET', path: '/api/widget/get-by-id', query: widgetIdQuery, status: 200, reply: widget, errors, tags }),
  /** The portal's live preview: the same data the embed gets, whatever the embedding domains. */
  preview: defineRoute({ method: 'GET', path: '/api/widget/get-preview', query: widgetIdQuery, status: 200, reply: widgetPreviewReply, errors, tags }),
  /** The script embed's data call: public, answered only for the widget's allowed domains. */
  public: defineRoute({
    method: 'GET',
    path: '/api/widget/public/:widgetId',
    auth: 'public',
    params: widgetPublicParams,
    status: 200,
    reply: widgetPublicReply,
    errors: [],
    tags,
  }),
};
