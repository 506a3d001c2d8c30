/** Files the API builds (CSV exports, PDF receipts), fetched with the session and saved under `filename`. */
import { request, type Prefix } from '../providers/http';

function save(blob: Blob, filename: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export async function downloadCsv(
  prefix: Prefix,
  path: string,
  filename: string,
  query?: Record<string, unknown>,
): Promise<void> {
  const csv = await request<string>(prefix, path, { query, as: 'text' });
  save(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
}

/** `filename` when the server names none. */
export async function downloadFile(
  prefix: Prefix,
  path: string,
  filename: string,
  query?: Record<string, unknown>,
): Promise<void> {
  const file = await request<File>(prefix, path, { query, as: 'blob' });
  save(file, file.name || filename);
}
