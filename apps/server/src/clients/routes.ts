import type { FastifyInstance } from 'fastify';

export default async function clientsRoutes(_app: FastifyInstance) {}
