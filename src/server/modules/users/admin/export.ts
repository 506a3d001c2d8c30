/**
 * The members list as a file (issue 28 §4): GET /adm/users/export with the list's filters, CSV (UTF-8 with a BOM) or
 * XLSX. Streamed: rows are read in keyset batches and written as they come, so memory stays flat on a large
 * association. The columns are the import's (shared/memberColumns.ts), headed in the request's language, so an
 * exported file can be imported again.
 */
import { PassThrough } from 'node:stream';
import type { Db } from '../../../db/dialect';
import { translate } from '../../../i18n';
import { nowIso } from '../../../lib/ids';
import { TABULAR_MEDIA_TYPES, writeTabular } from '../../../lib/tabular';
import type { Locale } from '../../../../shared/constants';
import { EXPORT_ONLY_COLUMNS, MEMBER_COLUMNS } from '../../../../shared/memberColumns';
import * as repo from './repository';

const BATCH = 1000;

export interface ExportQuery extends repo.AdminUsersFilter {
  format?: 'csv' | 'xlsx';
}

type Row = Awaited<ReturnType<typeof repo.exportBatch>>[number];

async function* batches(db: Db, filter: repo.AdminUsersFilter): AsyncGenerator<Row[]> {
  let after: { created_at: string; hash: string } | null = null;
  for (;;) {
    const rows = await repo.exportBatch(db, filter, after, BATCH);
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, hash: last.hash };
  }
}

function documentNumber(data: string): string {
  try {
    const value = (JSON.parse(data) as Record<string, unknown>)['document_number'];
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}

/** yyyy-mm-dd… → dd/mm/yyyy (the import reads it back). */
const dmy = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

function line(row: Row, yes: string, no: string): Array<string | number> {
  const flag = (value: number) => (value === 1 ? yes : no);
  // an imported member who has not accepted yet is hidden; their consent from the file waits on the invitation
  const pending = row.invited_appear_by_user !== null && row.invitation_accepted_at === null;
  return [
    row.code_numeric,
    row.email,
    row.name,
    row.surname1,
    row.surname2 ?? '',
    documentNumber(row.data),
    row.role === 'REGULAR' ? 'Regular' : 'Bold',
    row.role === 'REGULAR' ? '' : dmy(row.subscription_end),
    row.language,
    flag(pending ? row.invited_appear_by_user! : row.is_appear_by_user),
    flag(pending ? row.invited_appear_by_company! : row.is_appear_by_company),
    flag(row.is_newsletter),
    row.status,
    flag(row.email_confirmed_at ? 1 : 0),
    dmy(row.created_at),
  ];
}

export function exportMembers(db: Db, lng: Locale, query: ExportQuery) {
  const { format = 'csv', ...filter } = query;
  const h = (key: string) => translate(lng, `memberColumns.${key}`);
  const header = [...MEMBER_COLUMNS, ...EXPORT_ONLY_COLUMNS].map(h);
  const [yes, no] = [h('yes'), h('no')];
  const body = new PassThrough();
  const lines = (async function* () {
    for await (const rows of batches(db, filter)) for (const row of rows) yield line(row, yes, no);
  })();
  // the answer streams while rows are read; a failure midway ends the download rather than the process
  writeTabular(format, header, lines, body).catch((error: unknown) => body.destroy(error as Error));
  return { filename: `${h('file')}-${nowIso().slice(0, 10)}.${format}`, type: TABULAR_MEDIA_TYPES[format], body };
}
