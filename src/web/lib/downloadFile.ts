/** A file the API builds (a SEPA XML), fetched with the session — GET or POST — and saved under `filename`; answers its text. */
import { request, type Prefix } from '../providers/http';

export async function downloadFile(
  prefix: Prefix,
  path: string,
  filename: string,
  type: string,
  options: { method?: string; body?: unknown } = {},
): Promise<string> {
  const text = await request<string>(prefix, path, { ...options, as: 'text' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
  return text;
}
