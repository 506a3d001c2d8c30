/**
 * Upload kinds, shared by the server's pipeline (plugins/uploads.ts), which enforces them, and the
 * browser's upload field (web/forms/widgets/UploadField.tsx), which checks them first so the SPEC §4
 * dialogs can say "too large" or "wrong type" before anything is sent. One list, so both say the same.
 */
export const MB = 1024 * 1024;

export const ACCEPTED = {
  image: {
    mimes: ['image/jpeg', 'image/png', 'image/webp'],
    extensions: ['.jpg', '.jpeg', '.png', '.webp'],
    label: 'JPEG, PNG, WebP',
  },
  pdf: { mimes: ['application/pdf'], extensions: ['.pdf'], label: 'PDF' },
  imageOrPdf: {
    mimes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
    extensions: ['.jpg', '.jpeg', '.png', '.webp', '.pdf'],
    label: 'JPEG, PNG, WebP, PDF',
  },
  // CSV has no signature (file-type answers nothing: ''); the tabular reader decides what the bytes are
  spreadsheet: {
    mimes: ['', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    extensions: ['.csv', '.txt', '.xlsx'],
    label: 'CSV, XLSX',
  },
} as const;
export type Accept = keyof typeof ACCEPTED;

/**
 * Each kind: its one multipart file field, size limit (bytes), how many files, which types; `text` names the text
 * parts it also takes (a wall post's `parent` and `content`), `optional` a file it may go without.
 */
export const UPLOAD_KINDS = {
  photo: { field: 'image', maxBytes: 5 * MB, maxFiles: 1, accept: 'image' },
  document: { field: 'file', maxBytes: 10 * MB, maxFiles: 1, accept: 'pdf' },
  portfolioImage: { field: 'images[]', maxBytes: 8 * MB, maxFiles: 12, accept: 'image' },
  portfolioFile: { field: 'file', maxBytes: 10 * MB, maxFiles: 1, accept: 'imageOrPdf' },
  wallPost: {
    field: 'file',
    maxBytes: 10 * MB,
    maxFiles: 1,
    accept: 'imageOrPdf',
    text: ['parent', 'content'],
    optional: true,
  },
  // a message's attachment (issue 29 §1): an image or a PDF, with the message's text beside it
  messageFile: { field: 'file', maxBytes: 10 * MB, maxFiles: 1, accept: 'imageOrPdf', text: ['text'] },
  // a first message (issue 29 §1): the same file, optional, with the text and the recipient's fields of message.start
  messageStart: {
    field: 'file',
    maxBytes: 10 * MB,
    maxFiles: 1,
    accept: 'imageOrPdf',
    text: ['text', 'to', 'to_type', 'application'],
    optional: true,
  },
  // the members import (issue 28 §3): one CSV or XLSX file, up to 50 MB (a 50,000-row list is ~5 MB)
  memberList: { field: 'file', maxBytes: 50 * MB, maxFiles: 1, accept: 'spreadsheet' },
  spreadsheet: { field: 'file', maxBytes: 50 * MB, maxFiles: 1, accept: 'spreadsheet' },
} as const satisfies Record<
  string,
  { field: string; maxBytes: number; maxFiles: number; accept: Accept; text?: readonly string[]; optional?: boolean }
>;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** "5 MB", as the messages of both sides show a limit. */
export const sizeLabel = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/**
 * What the browser can tell before sending (name, declared type, size): 'wrongType' when neither the
 * type nor the extension is accepted, 'tooLarge' over the limit, 'empty' for zero bytes, else null.
 * Only a first filter for the dialogs: the server decides by content.
 */
export function fileProblem(
  kind: UploadKind,
  file: { name: string; type: string; size: number },
): 'wrongType' | 'tooLarge' | 'empty' | null {
  const { accept, maxBytes } = UPLOAD_KINDS[kind];
  const extension = file.name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? '';
  const types: readonly string[] = ACCEPTED[accept].mimes;
  const extensions: readonly string[] = ACCEPTED[accept].extensions;
  if (!types.includes(file.type) && !extensions.includes(extension)) return 'wrongType';
  if (file.size > maxBytes) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}
