import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';

/** Subjects, households and search: see docs/interface.md. */
export function registerSubjectRoutes(_api: FastifyInstance, _ctx: ServiceContext): void {}
