import type { FastifyInstance } from 'fastify';

export default async function jobsRoutes(_app: FastifyInstance) {}
