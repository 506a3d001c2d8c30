/** How conversations and messages leave the server: plain text, and an escaped copy whose links are safe. */
import type { Selectable } from 'kysely';
import type { MessagesTable } from '../../db/types';
import type { Party, PartyType } from './repository';
import type { PresentedAttachment } from './attachmentFiles';
import { nameOfLine, type InboxLine } from './inboxLines';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
// only http(s) addresses become links; anything else (javascript:, data:) stays text
const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/** The text escaped for HTML, line breaks kept, http(s) links opened apart and not endorsed (rel). */
export function safeHtml(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    out += escapeHtml(text.slice(last, match.index));
    const url = escapeHtml(match[0]);
    out += `<a href="${url}" rel="nofollow noopener noreferrer ugc" target="_blank">${url}</a>`;
    last = match.index + match[0].length;
  }
  out += escapeHtml(text.slice(last));
  return out.replace(/\r?\n/g, '<br>');
}

export const nameKey = (p: { type: string; hash: string }) => `${p.type}:${p.hash}`;

export function presentParty(party: Party, names: Map<string, string | null>) {
  return { type: party.type, hash: party.hash, name: names.get(nameKey(party)) ?? null };
}

export function presentMessage(
  row: Selectable<MessagesTable>,
  viewer: Party,
  names: Map<string, string | null>,
  attachment: PresentedAttachment | null = null,
) {
  const sender = { type: row.sender_type as PartyType, hash: row.sender_hash };
  const erased = row.erased_at !== null;
  const text = erased ? '' : row.body;
  return {
    hash: row.hash,
    mine: sender.type === viewer.type && sender.hash === viewer.hash,
    sender: presentParty(sender, names),
    text,
    html: safeHtml(text),
    created_at: row.created_at,
    erased,
    attachment: erased ? null : attachment,
  };
}

const PREVIEW_LENGTH = 140;

/** An inbox line (inboxLines.ts) as it leaves: the other party named, the job title, my unread count. */
export function presentConversation(line: InboxLine) {
  const other = { type: line.party_type as PartyType, hash: line.party_hash };
  return {
    hash: line.hash,
    kind: line.kind,
    with: { ...other, name: nameOfLine(line) },
    application: line.application_hash,
    job_title: line.application_hash ? (line.job_title ?? null) : null,
    last_message_at: line.last_message_at,
    preview: (line.preview ?? '').slice(0, PREVIEW_LENGTH),
    unread_count: Number(line.unread_count),
    archived: line.archived_at !== null,
    blocked: line.blocked_at !== null,
  };
}
