/** A CSV the API builds (candidates, attendees), fetched with the session and saved under `filename`. */
import { request, type Prefix } from '../providers/http';

export async function downloadCsv(prefix: Prefix, path: string, filename: string, query?: Record<string, unknown>): Promise<void> {
  const csv = await request<string>(prefix, path, { query, as: 'text' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}
