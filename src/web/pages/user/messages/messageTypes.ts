/** The shapes of schemas/message.*.json as the pages read them, and which API prefix an area speaks to. */
import type { Prefix } from '../../../providers/http';

export type MessagesArea = 'user' | 'company';

export interface Party {
  type: 'user' | 'company' | 'admin';
  hash: string;
  name: string | null;
}

export interface Conversation {
  hash: string;
  kind: 'MEMBER' | 'APPLICATION' | 'ADMIN';
  with: Party;
  application: string | null;
  job_title: string | null;
  last_message_at: string;
  preview: string;
  unread_count: number;
  archived: boolean;
  blocked: boolean;
}

export interface Message {
  hash: string;
  mine: boolean;
  sender: Party;
  text: string;
  html: string;
  created_at: string;
  erased: boolean;
}

export interface Thread {
  conversation: Conversation;
  messages: Message[];
}

export const AREA: Record<MessagesArea, { prefix: Prefix; resource: string; list: string; show: string }> = {
  user: { prefix: 'usr', resource: 'usr/messages', list: 'user.messages', show: 'user.messages.show' },
  company: { prefix: 'com', resource: 'com/messages', list: 'company.messages', show: 'company.messages.show' },
};
