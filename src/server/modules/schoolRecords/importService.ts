/**
 * Preview and import of the school's records (issue 28 §1). Both walk the file the same way (streamed, in
 * batches of 500 rows looked up by document key); the preview writes nothing, the import writes every
 * row of the file in ONE transaction with one audit row. A re-import of the same file finds every row
 * unchanged and writes nothing but its audit row.
 */
import { translate } from '../../i18n';
import { newHash, nowIso } from '../../lib/ids';
import { normaliseHeader, PreviewCollector, readTabular, type PreviewResult } from '../../lib/tabular';
import type { Conn } from '../../db/conn';
import type { SchoolRecordsTable } from '../../db/types';
import type { ServiceContext } from '../../serviceContext';
import * as audit from '../audit/service';
import { SCHOOL_RECORD_AUDIT_ACTIONS } from '../../../shared/audit';
import { recheckQueue } from './autoValidation';
import * as repo from './repository';
import { changedFields, COLUMNS, documentKey, readRecordRow, searchText, type RecordFields } from './rows';

const BATCH = 500;
const MAX_STUDIES = 200;

export interface ImportAnswer extends Omit<PreviewResult, 'rows'> {
  written: boolean;
  rows: (PreviewResult['rows'][number] & { message?: string })[];
  unmappedStudies: string[];
  /** the mapping step: the names above with how many rows of the file carry each, and the first lines */
  studies: StudyGroup[];
  /** import only: registrations of the queue the new records made eligible, validated on their own */
  validated?: number;
}

export interface StudyGroup {
  study: string;
  rows: number;
  lines: number[];
}

const SHOWN_LINES = 10;

type Pending = { line: number; key: string; fields: RecordFields };

/** The category whose title (any language) is the study name, or null. */
async function titleMatcher(db: Conn) {
  const byTitle = new Map<string, string>();
  for (const category of await repo.categoryTitles(db))
    for (const title of [category.title_es, category.title_en, category.title_ca])
      byTitle.set(normaliseHeader(title), category.hash);
  return (study: string) => byTitle.get(normaliseHeader(study)) ?? null;
}

async function walk(ctx: ServiceContext, path: string, db: Conn, write: boolean): Promise<ImportAnswer> {
  const collector = new PreviewCollector();
  const seen = new Map<string, number>();
  const studies = new Map<string, StudyGroup>();
  const now = nowIso();
  let pending: Pending[] = [];

  const flush = async () => {
    const existing = new Map(
      (await repo.findByKeys(db, [...new Set(pending.map((row) => row.key))])).map((row) => [row.document_key, row]),
    );
    const inserts: SchoolRecordsTable[] = [];
    for (const { line, key, fields } of pending) {
      const label = `${fields.name} ${fields.surname1}`;
      const stored = existing.get(key);
      if (!stored) {
        collector.add({ line, action: 'add', label });
        inserts.push({
          hash: newHash(),
          document_key: key,
          ...fields,
          search_text: searchText(fields),
          created_at: now,
          updated_at: now,
        });
        continue;
      }
      const changed = changedFields(stored, fields);
      collector.add({
        line,
        action: changed.length ? 'change' : 'unchanged',
        label,
        ...(changed.length ? { fields: changed } : {}),
      });
      if (write && changed.length)
        await repo.update(db, stored.hash, { ...fields, search_text: searchText(fields), updated_at: now });
    }
    if (write) await repo.insertMany(db, inserts);
    pending = [];
  };

  for await (const row of readTabular(path, COLUMNS)) {
    if (row.refusal) {
      collector.add({ line: row.line, action: 'refused', reason: row.refusal.reason, params: row.refusal.params });
      continue;
    }
    const outcome = readRecordRow(row.values);
    if (!outcome.ok) {
      collector.add({ line: row.line, action: 'refused', reason: outcome.reason, params: outcome.params });
      continue;
    }
    const key = documentKey(ctx.config.secretKey, outcome.document);
    const first = seen.get(key);
    if (first !== undefined) {
      collector.add({
        line: row.line,
        action: 'refused',
        reason: 'schoolRecords.duplicateRow',
        params: { line: String(first) },
      });
      continue;
    }
    seen.set(key, row.line);
    if (outcome.fields.study) {
      const key = normaliseHeader(outcome.fields.study);
      const group = studies.get(key);
      if (group) {
        group.rows += 1;
        if (group.lines.length < SHOWN_LINES) group.lines.push(row.line);
      } else if (studies.size < MAX_STUDIES)
        studies.set(key, { study: outcome.fields.study, rows: 1, lines: [row.line] });
    }
    pending.push({ line: row.line, key, fields: outcome.fields });
    if (pending.length >= BATCH) await flush();
  }
  await flush();

  // study names the tree does not know yet: matched by title, else left for the mapping step unless decided before
  const known = await repo.studyDecisions(db, [...studies.keys()]);
  const matchTitle = await titleMatcher(db);
  const undecided: StudyGroup[] = [];
  for (const [key, group] of studies) {
    const stored = known.get(key);
    const mapped = stored ? stored.category : matchTitle(group.study);
    if (!mapped && !stored?.decided) undecided.push(group);
    if (write && !stored) await repo.saveSeenStudy(db, key, group.study, mapped);
  }
  undecided.sort((a, b) => a.study.localeCompare(b.study));

  const result = collector.result();
  return {
    ...result,
    written: write,
    rows: result.rows.map((row) =>
      row.reason ? { ...row, message: translate(ctx.lng, row.reason, row.params) } : row,
    ),
    unmappedStudies: undecided.map((group) => group.study),
    studies: undecided,
  };
}

export function preview(ctx: ServiceContext, path: string): Promise<ImportAnswer> {
  return walk(ctx, path, ctx.db, false);
}

export async function importFile(ctx: ServiceContext, path: string, filename: string): Promise<ImportAnswer> {
  return ctx.db.transaction().execute(async (trx) => {
    const answer = await walk(ctx, path, trx, true);
    const validated = await recheckQueue({ ...ctx, db: trx });
    await audit.record(
      { ...ctx, db: trx },
      {
        adminHash: ctx.actor.hash!,
        action: SCHOOL_RECORD_AUDIT_ACTIONS[0],
        targetType: 'schoolRecords',
        targetHash: newHash(),
        data: { label: filename.slice(0, 200), counts: answer.counts, validated },
      },
    );
    return { ...answer, validated };
  });
}
