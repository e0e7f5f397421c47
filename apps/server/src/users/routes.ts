import type { FastifyInstance } from 'fastify';

export default async function usersRoutes(_app: FastifyInstance) {}
