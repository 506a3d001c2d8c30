/** Files the API builds (CSV exports, PDF receipts), fetched with the session and saved under `filename`. */
import { request, type Prefix } from '../providers/http';

function save(blob: Blob, filename: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}

export async function downloadCsv(prefix: Prefix, path: string, filename: string, query?: Record<string, unknown>): Promise<void> {
  const csv = await request<string>(prefix, path, { query, as: 'text' });
  save(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
}

export async function downloadFile(prefix: Prefix, path: string, filename: string, query?: Record<string, unknown>): Promise<void> {
  save(await request<Blob>(prefix, path, { query, as: 'blob' }), filename);
}
