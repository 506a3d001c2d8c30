/**
 * "Write": a message to a member (directory card or profile), to a candidate (the company's candidates page), in a
 * small dialog with the form of schemas/message.write.json and an optional file (an image or a PDF; with one the text
 * may stay empty). Shown only when the access control allows the area's messages (useAccessDecision: useCan in the
 * areas); the server still decides whether this person can be written to (issue 29 §1).
 */
import { useState } from 'react';
import { Button, Modal } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../forms/SchemaForm';
import { preloadForms } from '../../../forms/validator';
import { useAccessDecision } from '../../../hooks/useAccess';
import { useLocale } from '../../../hooks/useLocale';
import { request } from '../../../providers/http';
import { useFeedback } from '../../../providers/notifications';
import { AttachButton, useAttachment } from './Attachment';
import { AREA, type MessagesArea, type Thread } from './messageTypes';

export type WriteTarget = {
  /** a member's hash (members write to members) … */
  to?: string;
  /** … or, for a company, one of its applications */
  application?: string;
  name: string;
};

export function WriteButton({ area, target, size }: { area: MessagesArea; target: WriteTarget; size?: 'small' }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  // the permission of the area's inbox route (user.messages, company.messages, admin.messages)
  const allowed = useAccessDecision(AREA[area].list);
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>();
  // the text written so far, kept here: attaching a file swaps the form, and the text must go with it
  const [draft, setDraft] = useState<{ text?: string }>({});
  const attachment = useAttachment(AREA[area].prefix, 'messages/attachment');
  if (!allowed) return null;
  const send = async ({ text = '' }: { text?: string }) => {
    setSending(true);
    try {
      const recipient: Record<string, string> = target.application
        ? { application: target.application }
        : { to: target.to ?? '' };
      const thread = attachment.file
        ? await attachment.send({ ...recipient, text })
        : await request<Thread>(AREA[area].prefix, 'messages', { method: 'POST', body: { ...recipient, text } });
      if (!thread) return;
      feedback.success(t('messages.sent'));
      setDraft({});
      setOpen(false);
      navigate(to(AREA[area].show, { hash: thread.conversation.hash }));
    } catch (error) {
      const failure = error as { message?: string; errors?: Record<string, string[]> };
      setErrors(failure.errors);
      feedback.error(failure.message ?? t('errors.unexpected.title'));
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button
        icon={<MessageOutlined />}
        size={size}
        onClick={() => {
          // both forms the dialog may show (text alone, or with a file) come while it opens
          preloadForms('messageWrite', 'messageWriteWithFile');
          setOpen(true);
        }}
        data-testid="write-message"
      >
        {t('messages.write')}
      </Button>
      <Modal
        open={open}
        title={t('messages.writeTo', { name: target.name })}
        footer={null}
        onCancel={() => setOpen(false)}
      >
        <AttachButton attachment={attachment} />
        <SchemaForm<{ text?: string }>
          // with a file chosen the text may stay empty (the server takes text, a file, or both); a form of its own,
          // mounted afresh (the other one's "required" error must not stay behind)
          key={attachment.file ? 'with-file' : 'text'}
          form={attachment.file ? 'messageWriteWithFile' : 'messageWrite'}
          submitText={t('messages.send')}
          submitting={sending}
          serverErrors={errors}
          formData={draft}
          onChange={setDraft}
          onSubmit={send}
          uiSchema={{ text: { 'ui:title': t('messages.text'), 'ui:widget': 'textarea', 'ui:options': { rows: 5 } } }}
        />
      </Modal>
    </>
  );
}
