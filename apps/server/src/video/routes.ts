import type { FastifyInstance } from 'fastify';

export default async function videoRoutes(_app: FastifyInstance) {}
