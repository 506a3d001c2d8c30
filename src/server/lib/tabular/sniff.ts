/** What a file is, from its first bytes and one streamed pass: XLSX (a zip), CSV in UTF-8 or Latin-1, or no spreadsheet. */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { AppError } from '../../errors';

export type SniffedFile = { kind: 'xlsx' } | { kind: 'csv'; encoding: 'utf8' | 'win1252'; separator: string };

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((byte, index) => head[index] === byte);

// Files people upload by mistake: PDF, PNG, JPEG, GIF, the old binary .xls/.doc (OLE), gzip.
const NOT_SPREADSHEETS = [
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x1f, 0x8b],
];

/** The separator of the header line: the most frequent of `;`, `,` and tab outside quotes (`,` when none). */
export function detectSeparator(firstLine: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [separator, count] of counts) if (count > (counts.get(best) ?? 0)) best = separator;
  return best;
}

/** True when the whole file decodes as UTF-8 (streamed, so memory stays bounded). */
async function isUtf8(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 }))
      decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

export async function sniffFile(path: string): Promise<SniffedFile> {
  const handle = await open(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const text = head.toString('latin1').replace(/^\u00ef\u00bb\u00bf/, '');
  if (!text.trim()) throw new AppError(400, 'tabular.empty');
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return { kind: 'xlsx' };
  if (NOT_SPREADSHEETS.some((magic) => startsWith(head, magic)) || head.includes(0))
    throw new AppError(400, 'tabular.notSpreadsheet');
  const encoding = (await isUtf8(path)) ? 'utf8' : 'win1252';
  const firstLine = text.split(/\r?\n/).find((line) => line.trim()) ?? '';
  return { kind: 'csv', encoding, separator: detectSeparator(firstLine) };
}
