/**
 * A message's attachment (issue 29 §1) is a private file (kind `message`, lib/privateFiles.ts) whose `files` row is
 * owned by the message (owner_type `message`, owner_hash the message's hash): no column on `messages`, and the
 * file route serves it only behind a signed link, handed to whoever may read the message.
 */
import type { Conn } from '../../db/conn';
import { fileLinks } from '../../lib/signedLinks';
import type { Party } from './repository';

export interface AttachmentRow {
  hash: string;
  owner_hash: string;
  name: string;
  mime: string;
  size: number;
}

export interface PresentedAttachment {
  file: string;
  name: string;
  mime: string;
  size: number;
}

/** The attachments of these messages, by message hash. */
export async function attachmentsOf(db: Conn, messages: string[]): Promise<Map<string, AttachmentRow>> {
  if (messages.length === 0) return new Map();
  const rows = await db
    .selectFrom('files')
    .select(['hash', 'owner_hash', 'name', 'mime', 'size'])
    .where('owner_type', '=', 'message')
    .where('owner_hash', 'in', messages)
    .execute();
  return new Map(rows.map((row) => [row.owner_hash, { ...row, size: Number(row.size) }]));
}

/** An attachment as a reader gets it: a signed link of theirs, its download name, type and size. */
export function presentAttachment(secretKey: string, reader: Party, row: AttachmentRow): PresentedAttachment {
  return { file: fileLinks(secretKey, reader).link(row.hash), name: row.name, mime: row.mime, size: row.size };
}

/** The presented attachments of a thread's messages for one reader. */
export async function attachmentsFor(db: Conn, secretKey: string, reader: Party, messages: string[]) {
  const rows = await attachmentsOf(db, messages);
  return new Map([...rows].map(([message, row]) => [message, presentAttachment(secretKey, reader, row)]));
}

/** In a member's deletion: the attachments of what they wrote go with the words; answers the stored paths. */
export async function eraseAttachmentsOf(db: Conn, userHash: string): Promise<Array<{ path: string; kind: string }>> {
  const rows = await db
    .selectFrom('files')
    .innerJoin('messages', 'messages.hash', 'files.owner_hash')
    .select(['files.hash', 'files.path', 'files.kind'])
    .where('files.owner_type', '=', 'message')
    .where('messages.sender_type', '=', 'user')
    .where('messages.sender_hash', '=', userHash)
    .execute();
  if (rows.length)
    await db
      .deleteFrom('files')
      .where(
        'hash',
        'in',
        rows.map((row) => row.hash),
      )
      .execute();
  return rows.map(({ path, kind }) => ({ path, kind }));
}
