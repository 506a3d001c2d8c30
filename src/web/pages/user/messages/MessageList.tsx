/** One page of a thread's messages, as the thread view and its earlier pages both show them. */
import { Button, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/dates';
import type { Message } from './messageTypes';
import { AttachmentLink } from './Attachment';

export function MessageList({
  messages,
  onReport,
  testId,
}: {
  messages: Message[];
  onReport: (message: Message) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { lng } = useLocale();
  return (
    <List
      dataSource={messages}
      rowKey="hash"
      data-testid={testId}
      renderItem={(message) => (
        <List.Item
          className={message.mine ? 'message mine' : 'message'}
          actions={
            message.mine || message.erased
              ? []
              : [
                  <Button key="report" type="link" size="small" onClick={() => onReport(message)}>
                    {t('messages.report')}
                  </Button>,
                ]
          }
        >
          <List.Item.Meta
            title={`${message.sender.name ?? t('messages.formerMember')} · ${formatDate(message.created_at, lng)}`}
            // the server escaped the text and made its links safe (schemas/message.item.json)
            description={
              <>
                <div className="message-text" dangerouslySetInnerHTML={{ __html: message.html }} />
                {message.attachment && <AttachmentLink attachment={message.attachment} />}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
