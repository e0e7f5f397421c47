import type { FastifyInstance } from 'fastify';

export default async function waveRoutes(_app: FastifyInstance) {}
