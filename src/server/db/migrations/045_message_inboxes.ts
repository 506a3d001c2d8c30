/**
 * Issue 29 §5: the unread badge and the inbox's totals as a primary-key read. `message_inboxes` holds, per party,
 * the sum of its unread counts over the conversations out of the archive (`unread`, what the badge shows) and how
 * many conversations it has in and out of the archive. Kept by triggers on `conversation_participants`, in the
 * writing transaction, from the row's old and new values: every path that changes a participant row (a message, a
 * reading, an archive, a cascade delete, a script) keeps the counter right, and each change is an increment in
 * SQL on a row the update has locked — two instances writing to one conversation lose nothing. Back-filled here
 * from the participant rows (one grouped pass).
 * The inbox index gets the conversation as its last column and the thread index the message's hash: the inbox
 * page's order (newest first, then the conversation) and a thread's (newest first, then the message) then come
 * from the indexes, with no sort (a thread of 100 messages: 1.8 ms → 0.35 ms on the big dataset).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Private: nothing here changes what an anonymous visitor is answered (09_public_cache). */
export const PRIVATE_TABLES = ['message_inboxes'];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** What one participant row adds to its party's totals (`row`: new or old). */
const share = (row: 'new' | 'old') => ({
  unread: `case when ${row}.archived_at is null then ${row}.unread_count else 0 end`,
  open: `case when ${row}.archived_at is null then 1 else 0 end`,
  archived: `case when ${row}.archived_at is null then 0 else 1 end`,
});

const add = (row: 'new') => {
  const s = share(row);
  return `insert into message_inboxes (party_type, party_hash, unread, open_count, archived_count)
    values (${row}.party_type, ${row}.party_hash, ${s.unread}, ${s.open}, ${s.archived})
    on conflict (party_type, party_hash) do update set unread = message_inboxes.unread + excluded.unread,
      open_count = message_inboxes.open_count + excluded.open_count,
      archived_count = message_inboxes.archived_count + excluded.archived_count`;
};

const take = (row: 'old') => {
  const s = share(row);
  return `update message_inboxes set unread = unread - ${s.unread}, open_count = open_count - ${s.open},
      archived_count = archived_count - ${s.archived}
    where party_type = ${row}.party_type and party_hash = ${row}.party_hash`;
};

/** An update within one party (the keys never change in practice): one statement with the difference. */
const move = () => {
  const [n, o] = [share('new'), share('old')];
  return `update message_inboxes set unread = unread + (${n.unread}) - (${o.unread}),
      open_count = open_count + (${n.open}) - (${o.open}), archived_count = archived_count + (${n.archived}) - (${o.archived})
    where party_type = new.party_type and party_hash = new.party_hash`;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_inboxes')
    .addColumn('party_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('party_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('archived_count', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addPrimaryKeyConstraint('message_inboxes_pk', ['party_type', 'party_hash'])
    .execute();
  await sql`
    insert into message_inboxes (party_type, party_hash, unread, open_count, archived_count)
    select party_type, party_hash,
      sum(case when archived_at is null then unread_count else 0 end),
      sum(case when archived_at is null then 1 else 0 end),
      sum(case when archived_at is null then 0 else 1 end)
    from conversation_participants group by party_type, party_hash`.execute(db);

  const changed = `old.unread_count <> new.unread_count or (old.archived_at is null) <> (new.archived_at is null)`;
  const sameParty = `old.party_type = new.party_type and old.party_hash = new.party_hash`;
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function message_inbox_count() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' then
            if ${sameParty} then
              ${move()};
              return null;
            end if;
          end if;
          if tg_op in ('UPDATE', 'DELETE') then ${take('old')}; end if;
          if tg_op in ('UPDATE', 'INSERT') then ${add('new')}; end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql`create trigger conversation_participants_inbox_insert after insert or delete on conversation_participants for each row execute function message_inbox_count()`.execute(
      db,
    );
    await sql
      .raw(
        `create trigger conversation_participants_inbox_update after update on conversation_participants for each row when (${changed} or not (${sameParty})) execute function message_inbox_count()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger conversation_participants_inbox_insert after insert on conversation_participants begin ${add('new')}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger conversation_participants_inbox_delete after delete on conversation_participants begin ${take('old')}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger conversation_participants_inbox_update after update on conversation_participants when (${changed}) and ${sameParty} begin ${move()}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger conversation_participants_inbox_rekey after update on conversation_participants when not (${sameParty}) begin ${take('old')}; ${add('new')}; end`,
      )
      .execute(db);
  }

  await db.schema.dropIndex('conversation_participants_inbox').execute();
  await db.schema
    .createIndex('conversation_participants_inbox')
    .on('conversation_participants')
    .columns(['party_type', 'party_hash', 'archived_at', 'last_message_at', 'conversation_hash'])
    .execute();
  await db.schema.dropIndex('messages_thread').execute();
  await db.schema
    .createIndex('messages_thread')
    .on('messages')
    .columns(['conversation_hash', 'created_at', 'hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists conversation_participants_inbox_insert on conversation_participants`.execute(db);
    await sql`drop trigger if exists conversation_participants_inbox_update on conversation_participants`.execute(db);
    await sql`drop function if exists message_inbox_count()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update', 'rekey'])
      await sql.raw(`drop trigger if exists conversation_participants_inbox_${name}`).execute(db);
  }
  await db.schema.dropTable('message_inboxes').execute();
  await db.schema.dropIndex('conversation_participants_inbox').execute();
  await db.schema
    .createIndex('conversation_participants_inbox')
    .on('conversation_participants')
    .columns(['party_type', 'party_hash', 'archived_at', 'last_message_at'])
    .execute();
  await db.schema.dropIndex('messages_thread').execute();
  await db.schema.createIndex('messages_thread').on('messages').columns(['conversation_hash', 'created_at']).execute();
}
