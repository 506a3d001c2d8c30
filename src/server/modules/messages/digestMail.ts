/**
 * The daily digest of messages (issue 29 §3), for members who chose it (`messages_digest`, 037) instead of an e-mail
 * when away: at most one e-mail a day listing the conversations with unread messages, in the member's language, with
 * the same one-click stop as the e-mails when away (it turns `notify_messages` off, so both stop). A digest goes only
 * when something arrived since the last one, and `messages_digest_at` moves in the transaction that queues it,
 * guarded on its old value, so several instances or runs never send it twice. The task runs every hour.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/dialect';
import { nowIso } from '../../lib/ids';
import { isLocale } from '../../../shared/constants';
import { localizePath } from '../../../shared/routes';
import { enqueueMail } from '../mail/outbox';
import { unsubscribeFor } from '../mail/unsubscribe';
import { yieldToRequests, type Task } from '../tasks/runner';
import { namesOf } from './inboxRepository';
import type { PartyType } from './repository';

/** A little less than a day, so an hourly task does not drift an hour later each day. */
export const DIGEST_EVERY_MS = 23 * 60 * 60_000;
const LISTED = 20;
const BATCH = 500;

export async function sendMessageDigests(db: Db, config: Config, now: Date): Promise<number> {
  const at = nowIso(now);
  const lastDigest = nowIso(new Date(now.getTime() - DIGEST_EVERY_MS));
  const due = await db
    .selectFrom('users')
    .select(['hash', 'email', 'name', 'language', 'messages_digest_at'])
    .where('status', '=', 'VALIDATED')
    .where('notify_messages', '=', 1)
    .where('messages_digest', '=', 1)
    .where((eb) => eb.or([eb('messages_digest_at', 'is', null), eb('messages_digest_at', '<=', lastDigest)]))
    // something unread arrived since the last digest
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('conversation_participants as p')
          .innerJoin('messages', 'messages.conversation_hash', 'p.conversation_hash')
          .select('messages.hash')
          .where('p.party_type', '=', 'user')
          .whereRef('p.party_hash', '=', 'users.hash')
          .where('p.unread_count', '>', 0)
          .where('p.archived_at', 'is', null)
          .where('messages.withheld', '=', 0)
          .where('messages.created_at', '<=', at)
          .where((m) =>
            m.not(m.and([m('messages.sender_type', '=', 'user'), m('messages.sender_hash', '=', m.ref('users.hash'))])),
          )
          .where((m) => m.or([m('p.last_read_at', 'is', null), m('messages.created_at', '>', m.ref('p.last_read_at'))]))
          .where((m) =>
            m.or([
              m('users.messages_digest_at', 'is', null),
              m('messages.created_at', '>', m.ref('users.messages_digest_at')),
            ]),
          ),
      ),
    )
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const member of due) {
    await yieldToRequests();
    const lng = isLocale(member.language) ? member.language : 'es';
    const unread = await db
      .selectFrom('conversation_participants as mine')
      .innerJoin('conversation_participants as other', 'other.conversation_hash', 'mine.conversation_hash')
      .select(['mine.conversation_hash', 'mine.unread_count', 'other.party_type', 'other.party_hash'])
      .where('mine.party_type', '=', 'user')
      .where('mine.party_hash', '=', member.hash)
      .where('mine.unread_count', '>', 0)
      .where('mine.archived_at', 'is', null)
      .where((eb) => eb.not(eb.and([eb('other.party_type', '=', 'user'), eb('other.party_hash', '=', member.hash)])))
      .orderBy('mine.last_message_at', 'desc')
      .limit(LISTED)
      .execute();
    if (!unread.length) continue;
    const names = await namesOf(
      db,
      unread.map((row) => ({ type: row.party_type as PartyType, hash: row.party_hash })),
    );
    const unsubscribe = unsubscribeFor(config, 'messages', member.hash);
    const queued = await db.transaction().execute(async (trx) => {
      let move = trx.updateTable('users').set({ messages_digest_at: at }).where('hash', '=', member.hash);
      move =
        member.messages_digest_at === null
          ? move.where('messages_digest_at', 'is', null)
          : move.where('messages_digest_at', '=', member.messages_digest_at);
      if (Number((await move.executeTakeFirst()).numUpdatedRows) !== 1) return false;
      await enqueueMail(trx, {
        to: member.email,
        language: lng,
        template: 'message.digest',
        data: {
          name: member.name,
          conversations: unread.map((row) => ({
            from: names.get(`${row.party_type}:${row.party_hash}`) ?? 'Alumni',
            count: row.unread_count,
            link: `${config.publicUrl}${localizePath('user.messages.show', lng, { hash: row.conversation_hash })}`,
          })),
          link: `${config.publicUrl}${localizePath('user.messages', lng)}`,
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

export function messageDigestTask(db: Db, config: Config): Task {
  return { name: 'messages.digest', everyMs: 60 * 60_000, run: (now) => sendMessageDigests(db, config, now) };
}
