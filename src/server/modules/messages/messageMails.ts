/**
 * The member's choice of message e-mails (issue 29 §3), one setting over two columns: `notify_messages` (035) is the
 * switch the one-click stop turns off, `messages_digest` (037) picks one e-mail a day instead of one when away.
 */
import type { UserSettings } from '../../../shared/schema-types';

export type MessageMails = NonNullable<UserSettings['message_mails']>;

export function messageMailsOf(user: { notify_messages: number; messages_digest: number }): MessageMails {
  if (user.notify_messages !== 1) return 'none';
  return user.messages_digest === 1 ? 'digest' : 'away';
}

export function messageMailColumns(choice: MessageMails): { notify_messages: number; messages_digest: number } {
  return { notify_messages: choice === 'none' ? 0 : 1, messages_digest: choice === 'digest' ? 1 : 0 };
}
