import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NIL_UUID } from './core.ts';

/** Drizzle mirror of migrations/0700_team.sql (invitations, questions, email templates, SSO). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type InvitationStatus = 'Pending' | 'Accepted' | 'Revoked';

export const userInvitations = pgTable(
  'user_invitations',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    purpose: text('purpose').$type<'team' | 'wave'>().notNull().default('team'),
    userTypeWave: text('user_type_wave').notNull().default('none'),
    userTypeHarvest: text('user_type_harvest').notNull().default('none'),
    userTypeHarvestPlus: text('user_type_harvest_plus').notNull().default('none'),
    userTypeCultivate: text('user_type_cultivate').notNull().default('none'),
    userTypeMotivator: text('user_type_motivator').notNull().default('none'),
    status: text('status').$type<InvitationStatus>().notNull().default('Pending'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    sentCount: integer('sent_count').notNull().default(1),
    lastSentAt: ts('last_sent_at').notNull().defaultNow(),
    invitedBy: uuid('invited_by'),
    acceptedUserId: uuid('accepted_user_id'),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
export type InvitationRow = typeof userInvitations.$inferSelect;

export const questions = pgTable(
  'questions',
  {
    clientId: uuid('client_id').notNull().default(NIL_UUID),
    id: uuid('id').notNull().defaultRandom(),
    isGlobal: boolean('is_global').notNull().default(false),
    destination: text('destination').notNull(),
    question: text('question').notNull(),
    answerType: text('answer_type').notNull().default('text'),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
export type QuestionRow = typeof questions.$inferSelect;

export const emailTemplates = pgTable(
  'email_templates',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    emailValue: text('email_value').notNull(),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

export const clientSsoSettings = pgTable('client_sso_settings', {
  clientId: uuid('client_id').primaryKey(),
  issuer: text('issuer').notNull(),
  oidcClientId: text('oidc_client_id').notNull(),
  oidcClientSecret: text('oidc_client_secret').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type SsoSettingsRow = typeof clientSsoSettings.$inferSelect;

/** Product-wide: the proved domains only (migration 0710), one client per domain by the primary key. */
export const ssoDomains = pgTable('sso_domains', {
  domain: text('domain').primaryKey(),
  clientId: uuid('client_id').notNull(),
});

/** A client's claim on an email domain, pending until its DNS TXT record is found (migrations/0710_sso_domain_proof.sql). */
export const ssoDomainClaims = pgTable(
  'sso_domain_claims',
  {
    clientId: uuid('client_id').notNull(),
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    checkedAt: ts('checked_at'),
    verifiedAt: ts('verified_at'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.domain] })],
);
export type SsoDomainClaimRow = typeof ssoDomainClaims.$inferSelect;

/** The provider's subject (iss + sub) linked to one user of the client at the first verified sign-in (0710). */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    clientId: uuid('client_id').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSignInAt: ts('last_sign_in_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.issuer, t.subject] })],
);

export const ssoStates = pgTable('sso_states', {
  state: text('state').primaryKey(),
  clientId: uuid('client_id').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  invitationToken: text('invitation_token'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const ssoSessions = pgTable('sso_sessions', {
  sessionId: uuid('session_id').primaryKey(),
  clientId: uuid('client_id').notNull(),
  idToken: text('id_token').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ssoTickets = pgTable('sso_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  clientId: uuid('client_id').notNull(),
  idToken: text('id_token').notNull(),
  redirectTo: text('redirect_to').notNull().default('/'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});
