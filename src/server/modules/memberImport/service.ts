/**
 * The members import (issue 28 §3): a CSV or XLSX list of the association's current members, previewed (what each
 * row would do, nothing written) and confirmed. Confirming checks the whole file again and writes it in one
 * transaction: a file with any refused row writes nothing (400 `memberImport.fileRefused`). A new member is a
 * VALIDATED account with the file's member number (cards and receipts go on), no usable password, in no directory
 * until they accept the invitation e-mailed once the import committed; a Bold member keeps their paid period as a
 * running subscription that ends on the file's date (renewal off until they choose card or direct debit after
 * signing in). A member imported before is compared with the row (changed fields are updated; the same file again
 * changes nothing); an address of a member who registered on their own is refused. One audit entry per confirmed
 * file. The file is streamed 500 rows at a time and new members written in multi-row INSERTs (write.ts).
 */
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { newHash, nowIso } from '../../lib/ids';
import { PreviewCollector, type PreviewResult } from '../../lib/tabular';
import type { Locale } from '../../../shared/constants';
import type { ServiceContext } from '../../serviceContext';
import * as audit from '../audit/service';
import { readMembershipTerms } from '../init/repository';
import { checkFile } from './check';
import { queueInvitations } from './invitations';
import type { MemberLine } from './rows';
import { addMembers, changeMember, type Writer } from './write';
import * as repo from './repository';

export interface PreviewAnswer extends PreviewResult {
  rows: Array<PreviewResult['rows'][number] & { message?: string }>;
}

function answer(result: PreviewResult, lng: Locale): PreviewAnswer {
  return {
    ...result,
    rows: result.rows.map((row) =>
      row.reason ? { ...row, message: translate(lng, row.reason, { ...row.params }) } : row,
    ),
  };
}

/** The preview, and the highest member number the file gives (new members without one are numbered after it). */
async function checkWhole(ctx: ServiceContext, path: string) {
  const collector = new PreviewCollector();
  let highestNumber = 0;
  for await (const chunk of checkFile(ctx.db, path))
    for (const row of chunk) {
      collector.add({
        line: row.line,
        action: row.action,
        label: row.label,
        ...(row.reason ? { reason: row.reason, params: row.params ?? {} } : {}),
        ...(row.action === 'change' ? { fields: row.fields ?? [] } : {}),
      });
      highestNumber = Math.max(highestNumber, row.member?.member_number ?? 0);
    }
  return { preview: answer(collector.result(), ctx.lng), highestNumber };
}

/** POST /adm/member-imports/preview: what the file would do, nothing written. */
export async function preview(ctx: ServiceContext, path: string): Promise<PreviewAnswer> {
  return (await checkWhole(ctx, path)).preview;
}

function fileRefused(lng: Locale, count: number): AppError {
  return new AppError(400, 'memberImport.fileRefused', { count }, [
    { field: 'file', message: translate(lng, 'memberImport.fileRefused', { count }) },
  ]);
}

/**
 * POST /adm/member-imports: the whole file in one transaction, or nothing; then the new members' invitations.
 * A failure while queueing them (after the commit) is logged: those members stay pending in the invitations list.
 */
export async function confirm(ctx: ServiceContext, path: string, filename: string) {
  const checked = await checkWhole(ctx, path);
  if (checked.preview.counts.refused > 0) throw fileRefused(ctx.lng, checked.preview.counts.refused);
  const now = new Date();
  const importHash = newHash();
  const counts = await ctx.db.transaction().execute(async (trx) => {
    const terms = await readMembershipTerms(trx);
    // numbers the file gives are kept; members without one get numbers after every number in use or in the file
    let next = Math.max(await repo.maxMemberNumber(trx), 10000, checked.highestNumber);
    const w: Writer = {
      trx,
      importHash,
      now,
      priceCents: Math.round(terms.priceEuros * 100),
      nextNumber: () => ++next,
    };
    await repo.insertImport(trx, {
      hash: importHash,
      admin_hash: ctx.actor.hash!,
      filename: filename.slice(0, 255),
      added: 0,
      changed: 0,
      unchanged: 0,
      created_at: nowIso(now),
    });
    const done = { added: 0, changed: 0, unchanged: 0 };
    // the file is checked again inside the transaction: what another request changed meanwhile counts
    for await (const chunk of checkFile(trx, path)) {
      const added: MemberLine[] = [];
      for (const row of chunk) {
        if (row.action === 'refused') throw fileRefused(ctx.lng, 1);
        if (row.action === 'add') added.push(row.member!);
        else if (row.action === 'change') {
          await changeMember(w, row.existing!, row.member!, row.fields ?? []);
          done.changed += 1;
        } else done.unchanged += 1;
      }
      await addMembers(w, added);
      done.added += added.length;
    }
    await repo.setImportCounts(trx, importHash, done);
    await audit.record(
      { ...ctx, db: trx },
      {
        adminHash: ctx.actor.hash!,
        action: 'members.imported',
        targetType: 'import',
        targetHash: importHash,
        data: { label: filename.slice(0, 255), ...done },
        at: nowIso(now),
      },
    );
    return done;
  });
  if (counts.added > 0)
    await queueInvitations(ctx, importHash, now).catch((error: unknown) =>
      ctx.log.error({ err: error, importHash }, 'member import: queueing the invitations failed after the commit'),
    );
  return { hash: importHash, ...counts };
}
