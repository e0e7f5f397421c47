import { auditScreensAs } from '../support/portal-a11y.ts';

/** axe and sideways scroll on every portal screen the demo admin opens (e2e/support/portal-a11y.ts); its own file so the suite's shards can share the walk. */
auditScreensAs('admin');
