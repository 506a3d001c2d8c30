/**
 * A thread's earlier messages (issue 29 §5): the thread shows its newest 50; "Earlier messages" reads the 50 before
 * the oldest one shown (`?before=`, a Refine `useOne` of the same conversation with the cursor in its meta), and each
 * page read offers the next one above it. The cursor follows the page below, so a page that moved (a new message
 * pushed one out of the newest 50) reads again from the right place: no gap, no repeat.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Typography } from 'antd';
import { useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Message, Thread } from './messageTypes';
import { MessageList } from './MessageList';

type Props = {
  resource: string;
  conversation: string;
  /** the oldest message shown below; undefined: none (nothing earlier to read) */
  before: string | undefined;
  onReport: (message: Message) => void;
  /** this page was asked for by a click on the button above the one below: it takes the focus once read */
  focusOnRead?: boolean;
};

export function EarlierMessages({ resource, conversation, before, onReport, focusOnRead = false }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { query } = useOne<Thread>({
    resource,
    id: conversation,
    meta: { query: { before } },
    queryOptions: { enabled: open && before !== undefined },
  });
  const page = open ? query.data?.data : undefined;
  const start = useRef<HTMLDivElement>(null);
  const reachedStart = page !== undefined && !page.earlier;
  useEffect(() => {
    if (focusOnRead && reachedStart) start.current?.focus();
  }, [focusOnRead, reachedStart]);

  if (before === undefined) return null;
  if (!page)
    return (
      <Button
        block
        type="dashed"
        loading={open}
        autoFocus={focusOnRead}
        onClick={() => setOpen(true)}
        data-testid="earlier-messages"
      >
        {t('messages.earlier')}
      </Button>
    );
  return (
    <>
      {page.earlier ? (
        <EarlierMessages
          resource={resource}
          conversation={conversation}
          before={page.messages[0]?.hash}
          onReport={onReport}
          focusOnRead
        />
      ) : (
        <div ref={start} tabIndex={-1} data-testid="thread-start">
          <Typography.Text type="secondary">{t('messages.threadStart')}</Typography.Text>
        </div>
      )}
      <MessageList messages={page.messages} onReport={onReport} />
    </>
  );
}
