import type { FastifyInstance } from 'fastify';

export default async function settingsRoutes(_app: FastifyInstance) {}
