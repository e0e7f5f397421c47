import { auditGuestScreens } from '../support/portal-a11y.ts';

/** axe and sideways scroll on every signed-out portal screen (e2e/support/portal-a11y.ts). */
auditGuestScreens();
