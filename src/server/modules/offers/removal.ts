/**
 * A company deletes its own offer for good (issue 25 §10, `DELETE /com/jobs/{hash}`). An offer anyone applied to —
 * even an application since withdrawn — is part of those people's history ("My applications") and of the company's
 * candidate lists, so it is closed instead (without the survey, like an expired offer) and the answer says why.
 * One transaction; the offer's row is locked first (PostgreSQL) so an application arriving at the same moment
 * either is seen (closed) or waits and finds the offer gone. Its stored file is removed once the rows are gone.
 */
import type { FastifyInstance } from 'fastify';
import type { Conn } from '../../db/conn';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { newHash, nowIso } from '../../lib/ids';
import { removePrivate } from '../../lib/privateFiles';
import type { Locale } from '../../../shared/constants';
import type { Actor } from '../../types';
import * as repo from './repository';

export interface RemovalAnswer {
  deleted: boolean;
  /** CLOSED when the offer was kept (closed) instead; null when it is gone. */
  status: 'CLOSED' | null;
  message: string;
}

/** The company's own offer, locked for the rest of the transaction (PostgreSQL); another company's is 404. */
export async function lockOwnOffer(trx: Conn, postgres: boolean, actor: Actor, hash: string) {
  const query = trx.selectFrom('jobs').select(['hash', 'status', 'company_hash', 'file']).where('hash', '=', hash);
  const row = await (postgres ? query.forUpdate() : query).executeTakeFirst();
  if (!row || row.company_hash !== actor.hash) throw AppError.notFound('offers.notFound');
  return row;
}

export async function removeOffer(app: FastifyInstance, actor: Actor, lng: Locale, hash: string) {
  const result = await app.db.transaction().execute(async (trx) => {
    const offer = await lockOwnOffer(trx, app.dialect === 'postgres', actor, hash);
    const applied = await trx.selectFrom('applicants').select('hash').where('job_hash', '=', hash).limit(1).execute();
    if (applied.length > 0) {
      if (offer.status !== 'CLOSED') {
        const at = nowIso();
        if (!(await repo.moveStatus(trx, hash, offer.status, { status: 'CLOSED', updated_at: at })))
          throw new AppError(409, 'offers.alreadyMoved');
        await repo.insertMove(trx, {
          hash: newHash(),
          job_hash: hash,
          from_status: offer.status,
          to_status: 'CLOSED',
          actor_type: 'company',
          actor_hash: actor.hash!,
          reason: translate(lng, 'offers.closedNotDeleted'),
          created_at: at,
        });
      }
      return { answer: { deleted: false, status: 'CLOSED', message: translate(lng, 'offers.closedNotDeleted') } };
    }
    const files = await trx
      .selectFrom('files')
      .select(['hash', 'path'])
      .where('owner_type', '=', 'job')
      .where('owner_hash', '=', hash)
      .execute();
    if (files.length)
      await trx
        .deleteFrom('files')
        .where(
          'hash',
          'in',
          files.map((file) => file.hash),
        )
        .execute();
    // tags, moves, views, alert deliveries and a survey go with the offer (ON DELETE CASCADE)
    await trx.deleteFrom('jobs').where('hash', '=', hash).execute();
    return {
      answer: { deleted: true, status: null, message: translate(lng, 'offers.deleted') },
      paths: files.map((file) => file.path),
    };
  });
  for (const path of result.paths ?? []) await removePrivate(app.storage, 'job', path);
  return result.answer as RemovalAnswer;
}
