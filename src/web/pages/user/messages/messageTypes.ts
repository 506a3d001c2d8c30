/** The shapes of schemas/message.*.json as the pages read them, and which API prefix an area speaks to. */
import type { MessageConversation, MessageItem, MessageParty, MessageThread } from '../../../../shared/schema-types';
import type { Prefix } from '../../../providers/http';

export type MessagesArea = 'user' | 'company' | 'admin';

export type Party = MessageParty;
export type Conversation = MessageConversation;
export type Message = MessageItem;
export type Thread = MessageThread;

export const AREA: Record<MessagesArea, { prefix: Prefix; resource: string; list: string; show: string }> = {
  user: { prefix: 'usr', resource: 'usr/messages', list: 'user.messages', show: 'user.messages.show' },
  company: { prefix: 'com', resource: 'com/messages', list: 'company.messages', show: 'company.messages.show' },
  admin: { prefix: 'adm', resource: 'adm/messages', list: 'admin.messages', show: 'admin.messages.show' },
};
