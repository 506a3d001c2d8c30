/**
 * Health for a load balancer (issue 26 §4): `GET /health/live` — the process answers; `GET /health/ready` — the
 * database answers, its migrations are those of this code, and the file store is reachable; 503 naming the failing
 * part otherwise. Neither needs the apiKey (a balancer has none) nor says more than ok / failing.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { pendingMigrations } from '../db/dialect';

type Check = 'ok' | 'failing';

async function probe(run: () => Promise<boolean>): Promise<Check> {
  try {
    return (await run()) ? 'ok' : 'failing';
  } catch {
    return 'failing';
  }
}

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');
const hidden = { config: { page: true as const }, schema: { hide: true } };

export async function healthPlugin(app: FastifyInstance) {
  app.get('/health/live', { ...hidden, handler: async (_request, reply) => noStore(reply).send({ status: 'ok' }) });

  app.get('/health/ready', {
    ...hidden,
    handler: async (request, reply) => {
      const [database, migrations, storage] = await Promise.all([
        probe(async () => (await sql`select 1 as one`.execute(app.db)).rows.length === 1),
        probe(async () => (await pendingMigrations(app.db)).length === 0),
        probe(async () => (await app.storage.check(), true)),
      ]);
      const checks = { database, migrations, storage };
      const ok = Object.values(checks).every((check) => check === 'ok');
      if (!ok) request.log.warn({ checks }, 'not ready');
      return noStore(reply)
        .code(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'failing', checks });
    },
  });
}
