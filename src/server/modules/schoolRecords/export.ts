/**
 * The school's records as a file (issue 28 §4): GET /adm/schoolRecords/export with the list's filters, CSV (UTF-8
 * with a BOM) or XLSX, streamed in keyset batches like the members export. Document numbers are not in it: the
 * server keeps only their keyed hash, and that hash is no use outside (docs/decisions.md).
 */
import { PassThrough } from 'node:stream';
import { translate } from '../../i18n';
import { nowIso } from '../../lib/ids';
import { normaliseHeader, TABULAR_MEDIA_TYPES, writeTabular } from '../../lib/tabular';
import type { ServiceContext } from '../../serviceContext';
import { isEligible } from './eligibility';
import * as repo from './repository';
import type { RecordKind } from './rows';
import { recordsFilter, type RecordsQuery } from './service';

const BATCH = 1000;
export const RECORD_EXPORT_COLUMNS = [
  'name',
  'surname1',
  'surname2',
  'email',
  'study',
  'category',
  'first_year',
  'last_year',
  'graduated_on',
  'kind',
  'eligible',
] as const;

export interface RecordsExportQuery extends Omit<RecordsQuery, 'page' | 'size'> {
  format?: 'csv' | 'xlsx';
}

/** 2015 → "2015/2016", what the import reads back. */
const academicYear = (year: number | null) => (year === null ? '' : `${year}/${year + 1}`);
const dmy = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

async function* batches(ctx: ServiceContext, filter: repo.RecordsFilter) {
  let after: repo.RecordsCursor | null = null;
  for (;;) {
    const rows = await repo.exportBatch(ctx.db, filter, after, BATCH);
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { surname1: last.surname1, hash: last.hash };
  }
}

export async function exportRecords(ctx: ServiceContext, query: RecordsExportQuery) {
  const { format = 'csv', ...rest } = query;
  const h = (key: string) => translate(ctx.lng, `recordColumns.${key}`);
  const header = RECORD_EXPORT_COLUMNS.map(h);
  const titles = new Map((await repo.categoryTitles(ctx.db)).map((c) => [c.hash, c[`title_${ctx.lng}`]]));
  const studies = await repo.allStudyCategories(ctx.db);
  const filter = recordsFilter(ctx, rest);
  const lines = (async function* () {
    for await (const rows of batches(ctx, filter))
      for (const row of rows) {
        const category = row.study ? studies.get(normaliseHeader(row.study)) : null;
        yield [
          row.name,
          row.surname1,
          row.surname2 ?? '',
          row.email ?? '',
          row.study ?? '',
          category ? (titles.get(category) ?? '') : '',
          academicYear(row.first_year),
          academicYear(row.last_year),
          dmy(row.graduated_on),
          h(`kinds.${row.kind}`),
          h(isEligible({ ...row, kind: row.kind as RecordKind }) ? 'yes' : 'no'),
        ];
      }
  })();
  const body = new PassThrough();
  // the answer streams while rows are read; a failure midway ends the download rather than the process
  writeTabular(format, header, lines, body).catch((error: unknown) => body.destroy(error as Error));
  return { filename: `${h('file')}-${nowIso().slice(0, 10)}.${format}`, type: TABULAR_MEDIA_TYPES[format], body };
}
