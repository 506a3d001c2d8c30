/** multipart/form-data bodies built by hand, so upload tests control every byte (names, types, boundaries). */
import type { Session, TestApp } from './app';

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

export function multipart(parts: Part[], boundary = `----alumni${Math.random().toString(36).slice(2)}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename !== undefined ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs `parts` to `url` as `session` (null: a visitor). */
export function uploadAs(t: TestApp, url: string, session: Session | null, parts: Part[], language = 'en') {
  const { body, headers } = multipart(parts);
  return t.api('POST', url, {
    body,
    headers,
    language,
    ...(session ? { token: session.token, deviceId: session.deviceId } : {}),
  });
}
