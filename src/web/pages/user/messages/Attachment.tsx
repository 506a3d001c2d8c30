/**
 * A message's attachment (issue 29 §1): one image or PDF, checked here against the upload rules the server enforces
 * (type, 10 MB) and sent with the message's fields as multipart (a reply: POST …/messages/:hash/attachment; a first
 * message: POST …/messages/attachment), with progress; with a file chosen the text may stay empty. A message's
 * attachment shows as a link to its private file (a signed link handed out with the thread).
 */
import { useState } from 'react';
import { Alert, Button, Progress, Upload } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ACCEPTED, fileProblem, sizeLabel, UPLOAD_KINDS } from '../../../../shared/uploads';
import type { Prefix } from '../../../providers/http';
import { uploadFiles } from '../../../providers/upload';
import type { Message, Thread } from './messageTypes';

const KIND = UPLOAD_KINDS.messageFile;
const TYPES = ACCEPTED[KIND.accept];

/** `path`: the area's upload route, under its prefix (`messages/<hash>/attachment` or `messages/attachment`). */
export function useAttachment(prefix: Prefix, path: string) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /**
   * Sends the message's fields with the chosen file and answers the thread; rejects like the data provider
   * (message, field messages) when refused.
   */
  const send = async (fields: Record<string, string>): Promise<Thread | null> => {
    if (!file) return null;
    setPercent(0);
    try {
      const answer = await uploadFiles(path, KIND.field, [file], setPercent, prefix, fields);
      if (answer.status !== 200) {
        const message = answer.body.errors?.[0]?.message ?? answer.body.message ?? t('upload.failed');
        setProblem(message);
        throw { statusCode: answer.status, message };
      }
      setFile(null);
      setProblem(null);
      return answer.body as unknown as Thread;
    } finally {
      setPercent(null);
    }
  };
  const pick = (picked: File) => {
    const wrong = fileProblem('messageFile', picked);
    if (wrong === 'wrongType') setProblem(t('upload.wrongType.text', { types: TYPES.label }));
    else if (wrong === 'tooLarge') setProblem(t('upload.tooLarge.text', { max: sizeLabel(KIND.maxBytes) }));
    else if (wrong === 'empty') setProblem(t('upload.empty'));
    else {
      setProblem(null);
      setFile(picked);
    }
  };
  return { file, percent, problem, send, pick, clear: () => setFile(null) };
}

export function AttachButton({ attachment }: { attachment: ReturnType<typeof useAttachment> }) {
  const { t } = useTranslation();
  return (
    <div className="message-attach">
      <Upload
        accept={[...TYPES.mimes, ...TYPES.extensions].join(',')}
        showUploadList={false}
        beforeUpload={(picked) => {
          attachment.pick(picked);
          return false; // sent with the reply
        }}
      >
        <Button icon={<PaperClipOutlined />} data-testid="message-attach">
          {attachment.file ? attachment.file.name : t('messages.attach')}
        </Button>
      </Upload>
      {attachment.file && (
        <Button type="link" onClick={attachment.clear} data-testid="message-attach-clear">
          {t('messages.attachRemove')}
        </Button>
      )}
      {attachment.percent !== null && (
        <Progress percent={attachment.percent} size="small" aria-label={t('upload.uploading')} />
      )}
      {attachment.problem && (
        <Alert type="error" showIcon message={attachment.problem} data-testid="message-attach-problem" />
      )}
    </div>
  );
}

export function AttachmentLink({ attachment }: { attachment: NonNullable<Message['attachment']> }) {
  const { t } = useTranslation();
  return (
    <a
      className="message-attachment"
      href={attachment.file}
      download={attachment.name}
      data-testid="message-attachment"
    >
      <PaperClipOutlined aria-hidden="true" /> {attachment.name}
      <span className="sr-only"> ({t('messages.attachment')})</span>
    </a>
  );
}
