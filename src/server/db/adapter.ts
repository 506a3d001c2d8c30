/** Which database a connection talks to, for the few places that must differ (search paths, compiled shapes). */
import { PostgresAdapter } from 'kysely';
import type { Conn } from './conn';

export function isPostgres(db: Conn): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
