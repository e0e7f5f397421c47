import type { FastifyInstance } from 'fastify';

export default async function feedRoutes(_app: FastifyInstance) {}
