import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/open';
import { registerFaultControl } from './control';
import { injectFaults } from './hooks';
import { FaultPlan, type FaultOptions } from './plan';

export { FaultPlan, type FaultOptions } from './plan';
export { finishFaults } from './hooks';
export { parseFaultSpec, FaultSpecError, type FaultSpec } from './spec';
export type { Fault, FaultKind, FaultDecision, FaultMatch, FaultRequest } from './types';

/**
 * Fault mode: off unless asked for. Adds the deciding hook (before every other root hook,
 * so it must be called first) and the control endpoint; the caller adds `finishFaults` to
 * each scope whose routes are covered.
 */
export function installFaults(app: FastifyInstance, options: FaultOptions, db: Db, now: () => Date): FaultPlan {
  const plan = new FaultPlan(options);
  injectFaults(app, plan, db, now);
  registerFaultControl(app, plan, db, now);
  return plan;
}
