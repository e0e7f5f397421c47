import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/0200_wave.sql, 0201_video_attempts.sql and 0202_video_purpose.sql (videos, wave profiles, widgets). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type VideoState = 'uploading' | 'processing' | 'ready' | 'failed';
/** 'wave': public only on an Approved profile; 'page': a career-site editor video, public once processed. */
export type VideoPurpose = 'wave' | 'page';
export type WaveStatus = 'In Progress' | 'Pending Review' | 'Approved' | 'Rejected';
export interface WaveAnswer {
  questionId: string;
  question: string;
  videoId: string | null;
}
export interface StyleEntry {
  name: string;
  color: string;
  showCanvas: boolean;
}
export interface VideoControls {
  fullscreenSwitch: boolean;
  shareSwitch: boolean;
  volumeSwitch: boolean;
  playbarSwitch: boolean;
}

export const videos = pgTable(
  'videos',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    ownerId: uuid('owner_id'),
    state: text('state').$type<VideoState>().notNull().default('uploading'),
    uploadNonce: text('upload_nonce').notNull(),
    uploadExpiresAt: ts('upload_expires_at').notNull(),
    uploadUsedAt: ts('upload_used_at'),
    fileName: text('file_name'),
    originalKey: text('original_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    duration: doublePrecision('duration'),
    width: integer('width'),
    height: integer('height'),
    codec: text('codec'),
    audioCodec: text('audio_codec'),
    playbackKey: text('playback_key'),
    thumbnailKey: text('thumbnail_key'),
    previewKey: text('preview_key'),
    error: text('error'),
    processAttempts: integer('process_attempts').notNull().default(0),
    purpose: text('purpose').$type<VideoPurpose>().notNull().default('wave'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const waveProfiles = pgTable(
  'wave_profiles',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    createdBy: uuid('created_by'),
    ownerEmail: text('owner_email').notNull(),
    invitedBy: uuid('invited_by'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    title: text('title').notNull().default(''),
    university: text('university').notNull().default(''),
    interests: text('interests').notNull().default(''),
    profileVideo: uuid('profile_video'),
    department: text('department').notNull().default(''),
    departmentId: uuid('department_id'),
    status: text('status').$type<WaveStatus>().notNull().default('In Progress'),
    questions: jsonb('questions').$type<WaveAnswer[]>().notNull().default([]),
    rejectionReason: text('rejection_reason'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const widgets = pgTable(
  'widgets',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull().default(''),
    thumbnailType: text('thumbnail_type').notNull().default('video_still'),
    embeddingPermissions: text('embedding_permissions').array().notNull().default(sql`'{}'`),
    videoControls: jsonb('video_controls').$type<VideoControls>().notNull(),
    style: jsonb('style').$type<StyleEntry[]>().notNull(),
    viewMoreButtonText: text('view_more_button_text').notNull().default('View More'),
    font: text('font').notNull().default('Source Sans Pro'),
    widgetTitleText: text('widget_title_text').notNull().default('Meet Our Managers'),
    orientation: text('orientation').$type<'horizontal' | 'vertical'>().notNull().default('horizontal'),
    departments: text('departments').array().notNull().default(sql`'{}'`),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
