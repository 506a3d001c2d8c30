/**
 * Files attached to a message when it is sent, not when it is queued (issue 13: a payment's receipt as PDF): the outbox
 * row keeps only what to make (`[{ "receipt": "<payment hash>" }]`), so the table holds no blobs and a receipt always
 * reads the payment as it is. Modules that own such files register their maker here (payments/receipts), which keeps
 * the mail module free of imports from the features that use it.
 */
import type { Db } from '../../db/dialect';
import type { MailAttachment } from './outbox';

export interface MadeAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

type Maker = (db: Db, id: string) => Promise<MadeAttachment | null>;

const makers = new Map<keyof MailAttachment, Maker>();

export function registerAttachmentMaker(kind: keyof MailAttachment, maker: Maker): void {
  makers.set(kind, maker);
}

/** The files of one outbox row; a maker that is missing or finds nothing throws, so the worker retries the message. */
export async function makeAttachments(db: Db, stored: string | null): Promise<MadeAttachment[]> {
  if (!stored) return [];
  const specs = JSON.parse(stored) as MailAttachment[];
  const made: MadeAttachment[] = [];
  for (const spec of specs) {
    for (const [kind, id] of Object.entries(spec) as [keyof MailAttachment, string][]) {
      const maker = makers.get(kind);
      const file = maker ? await maker(db, id) : null;
      if (!file) throw new Error(`attachment ${kind} ${id} could not be made`);
      made.push(file);
    }
  }
  return made;
}
