/**
 * E-mail when away (issue 29 §3): a member whose conversation holds a message unread for 15 minutes gets one e-mail
 * about it, in their language, with a link to the thread and a one-click stop (List-Unsubscribe, mail/unsubscribe.ts);
 * at most one an hour per conversation, and none for messages already e-mailed about. The participant's
 * `notified_at` moves in the transaction that queues the e-mail, guarded on its old value, so several instances or
 * runs never send it twice. Companies and the association read their inbox in the portal: members only.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/dialect';
import { nowIso } from '../../lib/ids';
import type { Locale } from '../../../shared/constants';
import { localizePath } from '../../../shared/routes';
import { enqueueMail } from '../mail/outbox';
import { unsubscribeFor } from '../mail/unsubscribe';
import { yieldToRequests, type Task } from '../tasks/runner';
import { namesOf } from './inboxRepository';
import type { PartyType } from './repository';

export const AWAY_MS = 15 * 60_000;
export const MAIL_EVERY_MS = 60 * 60_000;
const BATCH = 500;

/**
 * The conversations due an e-mail at `now`: a message to the member neither read nor e-mailed about for 15 minutes
 * (`pending_since`, 048), and no e-mail about the conversation within the hour. Read from a partial index of the
 * pending rows: the task runs every minute, and reading every unread conversation blocked the instance for seconds.
 */
export function awayMailsDue(db: Db, now: Date) {
  const unreadSince = nowIso(new Date(now.getTime() - AWAY_MS));
  const lastMail = nowIso(new Date(now.getTime() - MAIL_EVERY_MS));
  return db
    .selectFrom('conversation_participants as p')
    .innerJoin('users', 'users.hash', 'p.party_hash')
    .select(['p.conversation_hash', 'p.notified_at', 'users.hash', 'users.email', 'users.name', 'users.language'])
    .where('p.party_type', '=', 'user')
    .where('p.pending_since', 'is not', null)
    .where('p.pending_since', '<=', unreadSince)
    .where('p.unread_count', '>', 0)
    .where('p.archived_at', 'is', null)
    .where((eb) => eb.or([eb('p.notified_at', 'is', null), eb('p.notified_at', '<=', lastMail)]))
    .where('users.status', '=', 'VALIDATED')
    .where('users.notify_messages', '=', 1)
    .where('users.messages_digest', '=', 0) // the others have their daily digest (digestMail.ts)
    .limit(BATCH);
}

export async function sendAwayMails(db: Db, config: Config, now: Date): Promise<number> {
  const due = await awayMailsDue(db, now).execute();
  let sent = 0;
  for (const row of due) {
    await yieldToRequests();
    const other = await db
      .selectFrom('conversation_participants')
      .select(['party_type', 'party_hash'])
      .where('conversation_hash', '=', row.conversation_hash)
      .where((eb) => eb.not(eb.and([eb('party_type', '=', 'user'), eb('party_hash', '=', row.hash)])))
      .executeTakeFirst();
    const from = other
      ? ((await namesOf(db, [{ type: other.party_type as PartyType, hash: other.party_hash }])).get(
          `${other.party_type}:${other.party_hash}`,
        ) ?? null)
      : null;
    const lng = row.language as Locale;
    const unsubscribe = unsubscribeFor(config, 'messages', row.hash);
    const queued = await db.transaction().execute(async (trx) => {
      let move = trx
        .updateTable('conversation_participants')
        .set({ notified_at: nowIso(now), pending_since: null })
        .where('conversation_hash', '=', row.conversation_hash)
        .where('party_type', '=', 'user')
        .where('party_hash', '=', row.hash);
      move =
        row.notified_at === null
          ? move.where('notified_at', 'is', null)
          : move.where('notified_at', '=', row.notified_at);
      if (Number((await move.executeTakeFirst()).numUpdatedRows) !== 1) return false;
      await enqueueMail(trx, {
        to: row.email,
        language: lng,
        template: 'message.unread',
        data: {
          name: row.name,
          from: from ?? 'Alumni',
          link: `${config.publicUrl}${localizePath('user.messages.show', lng, { hash: row.conversation_hash })}`,
          unsubscribe: unsubscribe.url,
        },
        headers: unsubscribe.headers,
      });
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

export function awayMailTask(db: Db, config: Config): Task {
  return { name: 'messages.away', everyMs: 60_000, run: (now) => sendAwayMails(db, config, now) };
}
