import type { FastifyInstance } from 'fastify';

export default async function sitesRoutes(_app: FastifyInstance) {}
