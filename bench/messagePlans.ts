/**
 * node --import tsx bench/messagePlans.ts <file.db> [email]
 *
 * SQLite's plan of every statement (a database migrated to 045 at least) the inbox, the unread count and a thread read run for one member (default the
 * bench's, bold@demo.test), on a bench database (issue 29 §5): the services' own queries, captured through Kysely's
 * log and explained with their parameters, with the time of each statement once warm.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../src/server/db/types';
import { inboxLine, inboxPage } from '../src/server/modules/messages/inboxLines';
import * as repo from '../src/server/modules/messages/repository';

const [file, email = 'bold@demo.test'] = process.argv.slice(2);
if (!file) {
  console.error('usage: messagePlans.ts <file.db> [email]');
  process.exit(2);
}
const sqlite = new SQLite(file, { readonly: true });
const captured: Array<{ sql: string; parameters: readonly unknown[] }> = [];
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (event) => {
    if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});
const user = await db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow();
const me = { type: 'user' as const, hash: user.hash };
const { rows } = await inboxPage(db, me, { archived: false, offset: 0, size: 20 });
const conversation = rows[0]!.hash;
captured.length = 0;
await inboxPage(db, me, { archived: false, offset: 20, size: 20 });
await repo.unreadTotal(db, me);
await inboxLine(db, me, conversation);
await repo.threadMessages(db, conversation, me, 200);
for (const { sql, parameters } of captured) {
  const statement = sqlite.prepare(sql);
  const plan = sqlite.prepare(`explain query plan ${sql}`).all(...(parameters as unknown[])) as Array<{
    detail: string;
  }>;
  const started = performance.now();
  for (let i = 0; i < 20; i++) statement.all(...(parameters as unknown[]));
  const ms = (performance.now() - started) / 20;
  console.log(`\n${sql.replace(/\s+/g, ' ').slice(0, 160)}…  (${ms.toFixed(2)} ms)`);
  for (const step of plan) console.log(`  ${step.detail}`);
}
await db.destroy();
