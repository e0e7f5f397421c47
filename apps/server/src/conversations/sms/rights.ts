import type { Need } from '../../auth/access.ts';

/** The Twilio settings are the client's integration: its managers (admins and recruiters with access), as for single sign-on. */
export const SMS_SETTINGS_MANAGERS: Need = 'staff';
/** Texting candidates and reading opt-outs: the client's cultivate members (conversations are a cultivate feature). */
export const SMS_SENDERS: Need = { product: 'cultivate', level: 'member' };
/** Texting many candidates at once: cultivate editors, as for a bulk email (conversations' rule). */
export const SMS_BULK_SENDERS: Need = { product: 'cultivate', level: 'editor' };
