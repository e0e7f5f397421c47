import type { FastifyInstance } from 'fastify';

export default async function widgetsRoutes(_app: FastifyInstance) {}
