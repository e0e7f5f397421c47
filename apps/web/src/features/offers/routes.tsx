import type { RouteObject } from 'react-router';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** `/settings/offer-templates`: the client's offer letter templates (reached from Settings, like the email templates). */
export const routes: RouteObject[] = [{ path: 'settings/offer-templates', lazy: page(() => import('./OfferTemplatesPage.tsx')) }];
/**
 * `/offer/{token}`: the candidate's offer page, without sign-in (the signed link is the key, as
 * /user-invitation's token is). Open to anyone, signed in or not: a recruiter may check the link too.
 */
export const guestRoutes: RouteObject[] = [{ path: 'offer/:token', lazy: page(() => import('./OfferPage.tsx')) }];
