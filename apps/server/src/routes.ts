import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/routes.ts';
import clientRoutes from './clients/routes.ts';
import userRoutes from './users/routes.ts';
import imageRoutes from './images/routes.ts';
import settingsRoutes from './settings/routes.ts';
import activityRoutes from './activity/routes.ts';

/** Every domain's routes, registered once by buildApp. Each domain owns its folder. */
export const domainRoutes: FastifyPluginAsync[] = [authRoutes, clientRoutes, userRoutes, imageRoutes, settingsRoutes, activityRoutes];
