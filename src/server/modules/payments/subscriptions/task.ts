/** The renewal job (issue 13 §3; DESIGN §1): every 15 minutes one instance ends, charges and retries what is due. */
import type { FastifyInstance } from 'fastify';
import type { Task } from '../../tasks/runner';
import { systemContext } from '../../../serviceContext';
import { runRenewals } from './charging';

export const RENEWAL_EVERY_MS = 15 * 60_000;

export function renewalTask(app: FastifyInstance): Task {
  return {
    name: 'membership.renewals',
    everyMs: RENEWAL_EVERY_MS,
    run: (now, signal) => runRenewals(systemContext(app), now, signal),
  };
}
