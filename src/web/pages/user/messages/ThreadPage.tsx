/**
 * /user/messages/:hash (and the company's): one conversation, oldest first, marked read on opening; answer (with an
 * image or a PDF if one is attached), archive, block the other person, report a message. The text is shown from the
 * server's `html` (escaped there, links safe); the newest 50 first, earlier ones on demand (EarlierMessages). Every write is a Refine mutation
 * (issue 24): the archive a `useUpdate` of the conversation, the others `useCustomMutation`; only the attachment goes
 * through the upload helper (multipart with progress, which Refine's providers do not speak).
 */
import { useEffect, useState } from 'react';
import { Button, Card, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useCustomMutation, useOne, useUpdate, type HttpError } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../forms/SchemaForm';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { useFeedback } from '../../../providers/notifications';
import { Spinner } from '../../../components/Spinner';
import { MESSAGES_READ_EVENT } from '../../../layouts/MessagesBadge';
import { AREA, type Message, type MessagesArea, type Thread } from './messageTypes';
import { AttachButton, useAttachment } from './Attachment';
import { EarlierMessages } from './EarlierMessages';
import { MessageList } from './MessageList';

/** How the data provider rejects: refine's HttpError with the field messages of a 400 (as useResourceForm reads them). */
type Failure = HttpError & { errors?: Record<string, string[]> };

export function ThreadView({ area }: { area: MessagesArea }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { hash = '' } = useParams();
  const feedback = useFeedback();
  const { prefix, resource } = AREA[area];
  const { query } = useOne<Thread>({ resource, id: hash });
  const { mutateAsync: call } = useCustomMutation();
  const { mutateAsync: update } = useUpdate<Thread>();
  const attachment = useAttachment(prefix, `messages/${encodeURIComponent(hash)}/attachment`);
  // the area's API path named whole (/usr/…, /com/…), as every custom call does; errors shown here with their fields
  const post = (url: string, values: object) =>
    call({ url: `/${prefix}/${url}`, method: 'post', values, errorNotification: false });
  const thread = query.data?.data;
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>();
  const [formKey, setFormKey] = useState(0);
  // the reply written so far, kept here: attaching a file swaps the form (mounted afresh), and the text goes with it
  const [draft, setDraft] = useState<{ text?: string }>({});
  const [reporting, setReporting] = useState<Message | null>(null);
  const [reason, setReason] = useState('');
  useDocumentTitle(`${thread?.conversation.with.name ?? t('resources.messages')} · Alumni`);

  const unread = thread?.conversation.unread_count ?? 0;
  useEffect(() => {
    if (unread > 0)
      void post(`messages/${hash}/read`, {}).then(
        () => window.dispatchEvent(new Event(MESSAGES_READ_EVENT)),
        () => undefined, // still unread: the next poll shows the count as the server has it
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `post` is a new function each render; the thread decides
  }, [unread, hash, prefix]);

  if (!thread) return <Spinner />;
  const other = thread.conversation.with;
  const fail = (error: Failure) => {
    setErrors(error.errors);
    feedback.error(error.message ?? t('errors.unexpected.title'));
  };
  const send = async (data: { text?: string }) => {
    setSending(true);
    try {
      if (attachment.file) await attachment.send({ text: data.text ?? '' });
      else await post(`messages/${hash}`, data);
      setErrors(undefined);
      setDraft({});
      setFormKey((key) => key + 1);
      await query.refetch();
    } catch (error) {
      fail(error as Failure);
    } finally {
      setSending(false);
    }
  };
  const act = async (path: string, body: object) => {
    try {
      await post(path, body);
      await query.refetch();
    } catch (error) {
      fail(error as Failure);
    }
  };
  const blocked = thread.conversation.blocked;
  return (
    <Card>
      <Link to={to(AREA[area].list)}>← {t('messages.back')}</Link>
      <div className="page-heading">
        <h1>{other.name ?? t('messages.formerMember')}</h1>
        {thread.conversation.job_title && (
          <Typography.Text type="secondary">
            {t('messages.about')}: {thread.conversation.job_title}
          </Typography.Text>
        )}
      </div>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button
          onClick={() =>
            update(
              {
                resource,
                id: hash,
                values: { archived: !thread.conversation.archived },
                successNotification: false,
                errorNotification: false,
              },
              { onError: (error) => fail(error as Failure) },
            )
          }
          data-testid="archive"
        >
          {thread.conversation.archived ? t('messages.unarchive') : t('messages.archive')}
        </Button>
        {other.type !== 'admin' && blocked && (
          <Button
            onClick={() => act('messages/blocks/remove', { hash: other.hash, type: other.type })}
            data-testid="block"
          >
            {t('messages.unblock')}
          </Button>
        )}
        {other.type !== 'admin' && !blocked && (
          <Popconfirm
            title={t('messages.blockConfirm.title', { name: other.name ?? t('messages.formerMember') })}
            description={t('messages.blockConfirm.text')}
            okText={t('messages.block')}
            cancelText={t('member.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => act('messages/blocks', { hash: other.hash, type: other.type })}
          >
            <Button danger data-testid="block">
              {t('messages.block')}
            </Button>
          </Popconfirm>
        )}
        {blocked && <Tag>{t('messages.blocked')}</Tag>}
      </Space>
      {thread.earlier && (
        <EarlierMessages
          resource={resource}
          conversation={hash}
          before={thread.messages[0]?.hash}
          onReport={setReporting}
        />
      )}
      <MessageList messages={thread.messages} onReport={setReporting} testId="thread" />
      {!blocked && <AttachButton attachment={attachment} />}
      {!blocked && (
        <SchemaForm<{ text?: string }>
          key={`${formKey}-${attachment.file ? 'with-file' : 'text'}`}
          // with a file chosen the text may stay empty (the server takes text, a file, or both); the other form's
          // "required" error must not stay behind
          form={attachment.file ? 'messageWriteWithFile' : 'messageWrite'}
          submitText={t('messages.send')}
          submitting={sending}
          serverErrors={errors}
          formData={draft}
          onChange={setDraft}
          onSubmit={send}
          uiSchema={{ text: { 'ui:title': t('messages.text'), 'ui:widget': 'textarea', 'ui:options': { rows: 4 } } }}
        />
      )}
      <Modal
        open={reporting !== null}
        title={t('messages.report')}
        okText={t('messages.report')}
        okButtonProps={{ disabled: reason.trim().length < 3 }}
        onCancel={() => setReporting(null)}
        onOk={async () => {
          try {
            await post(`messages/reports/${reporting!.hash}`, { reason });
            feedback.success(t('messages.reported'));
            setReporting(null);
            setReason('');
          } catch (error) {
            fail(error as Failure);
          }
        }}
      >
        <Input.TextArea
          aria-label={t('messages.reportReason')}
          placeholder={t('messages.reportReason')}
          value={reason}
          maxLength={1000}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </Card>
  );
}

export default function ThreadPage() {
  return <ThreadView area="user" />;
}
