/**
 * Upload kinds, shared by the server's pipeline (plugins/uploads.ts), which enforces them, and the
 * browser's upload field (web/forms/widgets/UploadField.tsx), which checks them first so the SPEC §4
 * dialogs can say "too large" or "wrong type" before anything is sent. One list, so both say the same.
 */
export const MB = 1024 * 1024;

export const ACCEPTED = {
  image: { mimes: ['image/jpeg', 'image/png', 'image/webp'], extensions: ['.jpg', '.jpeg', '.png', '.webp'], label: 'JPEG, PNG, WebP' },
  pdf: { mimes: ['application/pdf'], extensions: ['.pdf'], label: 'PDF' },
} as const;
export type Accept = keyof typeof ACCEPTED;

/** Each kind: its one multipart field, size limit (bytes), how many files, which types. */
export const UPLOAD_KINDS = {
  photo: { field: 'image', maxBytes: 5 * MB, maxFiles: 1, accept: 'image' },
  document: { field: 'file', maxBytes: 10 * MB, maxFiles: 1, accept: 'pdf' },
  portfolioImage: { field: 'images[]', maxBytes: 8 * MB, maxFiles: 12, accept: 'image' },
} as const satisfies Record<string, { field: string; maxBytes: number; maxFiles: number; accept: Accept }>;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** "5 MB", as the messages of both sides show a limit. */
export const sizeLabel = (bytes: number) => `${Math.round(bytes / MB)} MB`;
