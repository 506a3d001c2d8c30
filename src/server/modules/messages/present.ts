/** How conversations and messages leave the server: plain text, and an escaped copy whose links are safe. */
import type { Selectable } from 'kysely';
import type { MessagesTable } from '../../db/types';
import type { Party, PartyType } from './repository';
import type { PresentedAttachment } from './attachmentFiles';

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

export interface InboxRow {
  hash: string;
  kind: string;
  application_hash: string | null;
  last_message_at: string;
  unread_count: number;
  archived_at: string | null;
  party_type: string;
  party_hash: string;
  preview: string | null;
}

const PREVIEW_LENGTH = 140;

export function presentConversation(
  row: InboxRow,
  names: Map<string, string | null>,
  jobTitles: Map<string, string>,
  blocked: boolean,
) {
  const other = { type: row.party_type as PartyType, hash: row.party_hash };
  return {
    hash: row.hash,
    kind: row.kind,
    with: presentParty(other, names),
    application: row.application_hash,
    job_title: row.application_hash ? (jobTitles.get(row.application_hash) ?? null) : null,
    last_message_at: row.last_message_at,
    preview: (row.preview ?? '').slice(0, PREVIEW_LENGTH),
    unread_count: Number(row.unread_count),
    archived: row.archived_at !== null,
    blocked,
  };
}
