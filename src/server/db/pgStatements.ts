/**
 * Named prepared statements on PostgreSQL, reused per pooled connection (issue 27: "prepared and reused statements").
 *
 * Kysely's pg driver sends every query as an unnamed statement, which the server parses, analyses and plans on
 * every run (the session join alone plans in ~250–400 µs against ~50 µs to execute). Here each pooled connection
 * keeps the statements it has prepared, by SQL text, under names of its own (`k1`, `k2`, … per connection): the
 * next run of the same text only binds and executes. At most `max` per connection, the least recently used first
 * out (DEALLOCATEd at the connection's next query outside a transaction, so an aborted transaction cannot refuse it).
 *
 * A schema change (a migration, possibly by another instance) can make a prepared statement's result columns
 * change (`select *` after a column was added): PostgreSQL then answers "cached plan must not change result type"
 * (0A000), and a statement DEALLOCATEd elsewhere answers "does not exist" (26000). Either way every connection of
 * the pool forgets its statements (a pool-wide generation), and a query outside a transaction is run again once,
 * unnamed, so the caller sees the right answer, not an error. Inside a transaction the error has already aborted
 * it, so there a statement is named only when its result columns are listed (no `*` in what it selects or
 * returns): adding a column cannot change such a statement's result type.
 */
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

const DEFAULT_MAX_PER_CONNECTION = 300;

/** `select *`, `"t".*`, `returning *`: result columns a schema change can add to. */
const SELECTS_ALL = /(?:select|returning|,)\s+(?:distinct\s+)?(?:"[^"]+"\.)?\*/i;
/** Statements worth preparing: one data statement (not BEGIN/COMMIT, DDL or a script of several). */
const PREPARABLE = /^\s*(?:select|with|insert|update|delete)\b/i;

interface ConnectionStatements {
  generation: number;
  names: Map<string, string>;
  retired: string[];
  /** forgotten after a stale statement: DEALLOCATE ALL at the next query outside a transaction */
  deallocateAll: boolean;
  inTransaction: boolean;
}

type PgConnectionInternals = { connection?: { parsedStatements?: Record<string, string> } };

const STALE_STATEMENT = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && /cached plan must not change result type/.test(message ?? ''));
};

export interface NamedStatementsPool extends PostgresPool {
  /** For tests: how many statements each open connection holds. */
  stats(): { connections: number; statements: number; retries: number };
}

/** Wraps a pg Pool so that Kysely's queries run as named statements reused per connection. */
export function withNamedStatements(pool: pg.Pool, max = DEFAULT_MAX_PER_CONNECTION): NamedStatementsPool {
  let generation = 0;
  let counter = 0;
  let retries = 0;
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const open = new Set<ConnectionStatements>();

  function wrap(client: pg.PoolClient): PostgresPoolClient {
    const state: ConnectionStatements = {
      generation,
      names: new Map(),
      retired: [],
      deallocateAll: false,
      inTransaction: false,
    };
    open.add(state);
    client.once('end', () => open.delete(state));
    const parsed = () => (client as unknown as PgConnectionInternals).connection?.parsedStatements;

    const forgetAll = () => {
      state.names.clear();
      state.retired = [];
      state.deallocateAll = true;
      state.generation = generation;
    };

    /** DEALLOCATE what was evicted or forgotten, outside a transaction only (one round trip, rare). */
    async function deallocate() {
      const statements = parsed();
      if (state.deallocateAll) {
        state.deallocateAll = false;
        state.retired = [];
        state.names.clear();
        await client.query('deallocate all');
        if (statements) for (const name of Object.keys(statements)) delete statements[name];
        return;
      }
      const names = state.retired.splice(0).filter((name) => !statements || name in statements);
      for (const name of names) {
        if (statements) delete statements[name];
        await client.query(`deallocate ${name}`).catch(() => undefined); // never parsed or already gone
      }
    }

    function nameFor(sql: string): string | undefined {
      if (!PREPARABLE.test(sql)) return undefined;
      if (state.inTransaction && SELECTS_ALL.test(sql)) return undefined;
      let name = state.names.get(sql);
      if (name) {
        // re-insert: a Map iterates in insertion order, so its first key is the least recently used
        state.names.delete(sql);
        state.names.set(sql, name);
        return name;
      }
      name = `k${++counter}`;
      if (state.names.size >= max) {
        const oldest = state.names.keys().next().value!;
        state.retired.push(state.names.get(oldest)!);
        state.names.delete(oldest);
      }
      state.names.set(sql, name);
      return name;
    }

    async function run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
      if (state.generation !== generation) forgetAll();
      if (/^\s*(?:begin|start transaction)\b/i.test(sql)) state.inTransaction = true;
      else if (/^\s*(?:commit|rollback|end)\s*$/i.test(sql)) state.inTransaction = false;
      else if (!state.inTransaction && (state.deallocateAll || state.retired.length)) await deallocate();
      const name = nameFor(sql);
      if (!name) return (await client.query(sql, parameters as unknown[])) as unknown as PostgresQueryResult<R>;
      try {
        return (await client.query({
          name,
          text: sql,
          values: parameters as unknown[],
        })) as unknown as PostgresQueryResult<R>;
      } catch (error) {
        if (!STALE_STATEMENT(error)) throw error;
        // the schema changed under the prepared statements: every connection of the pool forgets its own
        generation++;
        forgetAll();
        if (state.inTransaction) throw error;
        retries++;
        return (await client.query(sql, parameters as unknown[])) as unknown as PostgresQueryResult<R>;
      }
    }

    return {
      query: ((sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>) =>
        typeof sqlOrCursor === 'string'
          ? run(sqlOrCursor, parameters ?? [])
          : client.query(sqlOrCursor as never)) as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  }

  return {
    connect: async () => {
      const client = await pool.connect();
      let connection = wrapped.get(client);
      if (!connection) {
        connection = wrap(client);
        wrapped.set(client, connection);
      }
      return connection;
    },
    end: () => pool.end(),
    stats: () => {
      let statements = 0;
      for (const state of open) statements += state.names.size;
      return { connections: open.size, statements, retries };
    },
  };
}
