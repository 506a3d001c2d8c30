/** The one preview shape of every import: what each row would do, before anything is written. */

export type PreviewAction = 'add' | 'change' | 'unchanged' | 'refused';

export interface PreviewRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  action: PreviewAction;
  /** A key of locales/<lng>/errors.json when refused (e.g. `tabular.formulaCell`). */
  reason?: string;
  /** Values for the reason's message, e.g. { column: 'document' }. */
  params?: Record<string, string>;
  /** What identifies the row to a person (a name, an e-mail); never a document number. */
  label?: string;
  /** The fields a `change` would change. */
  fields?: string[];
}

export interface PreviewResult {
  counts: Record<PreviewAction, number>;
  /** Refused rows first (all of them up to the limit), then the others up to the limit. */
  rows: PreviewRow[];
  /** True when `rows` does not hold every row of the file. */
  truncated: boolean;
}

/** Counts every row and keeps a bounded sample, so a 50,000-row file's preview stays small. */
export class PreviewCollector {
  private readonly counts: Record<PreviewAction, number> = { add: 0, change: 0, unchanged: 0, refused: 0 };
  private readonly refused: PreviewRow[] = [];
  private readonly others: PreviewRow[] = [];

  constructor(private readonly limit = 500) {}

  add(row: PreviewRow): void {
    this.counts[row.action] += 1;
    const list = row.action === 'refused' ? this.refused : this.others;
    if (list.length < this.limit) list.push(row);
  }

  result(): PreviewResult {
    const total = Object.values(this.counts).reduce((sum, count) => sum + count, 0);
    const rows = [...this.refused, ...this.others].sort((a, b) => a.line - b.line);
    return { counts: { ...this.counts }, rows, truncated: rows.length < total };
  }
}
