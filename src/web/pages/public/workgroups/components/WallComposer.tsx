/**
 * Writing on the wall (issue 12 §4): text and an optional image or PDF, sent as multipart (content, parent, file) with a
 * progress bar; as a new post, or as a reply in a thread (`parent`). The type and size are checked first (the same
 * list the server enforces), and the server's refusal is shown on the form in the member's language.
 */
import { useState } from 'react';
import { Alert, Button, Input, Progress, Space, Upload } from 'antd';
import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACCEPTED, fileProblem, sizeLabel, UPLOAD_KINDS } from '../../../../../shared/uploads';
import { uploadFiles } from '../../../../providers/upload';

const KIND = UPLOAD_KINDS.wallPost;
const TYPES = ACCEPTED[KIND.accept];

export function WallComposer({
  slug,
  parent,
  onDone,
  compact,
}: {
  slug: string;
  parent?: string;
  onDone?: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    if (!content.trim()) return setProblem(t('wall.empty'));
    setProblem(null);
    setPercent(0);
    try {
      const answer = await uploadFiles(
        `workgroups/${encodeURIComponent(slug)}/comments`,
        KIND.field,
        file ? [file] : [],
        setPercent,
        'api',
        { content, ...(parent ? { parent } : {}) },
      );
      if (answer.status === 201) {
        setContent('');
        setFile(null);
        await client.invalidateQueries({ queryKey: ['data'] });
        onDone?.();
      } else {
        setProblem(answer.body.errors?.[0]?.message ?? answer.body.message ?? t('upload.failed'));
      }
    } catch {
      setProblem(t('upload.network'));
    } finally {
      setPercent(null);
    }
  };
  return (
    <div className="wall-composer" data-testid={parent ? 'wall-reply-composer' : 'wall-composer'}>
      <Input.TextArea
        aria-label={parent ? t('wall.replyLabel') : t('wall.postLabel')}
        placeholder={parent ? t('wall.replyPlaceholder') : t('wall.postPlaceholder')}
        autoSize={{ minRows: compact ? 1 : 2, maxRows: 8 }}
        maxLength={2000}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        data-testid="wall-text"
      />
      {percent !== null && <Progress percent={percent} size="small" aria-label={t('upload.uploading')} />}
      {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 8 }} data-testid="wall-problem" />}
      <Space wrap style={{ marginTop: 8, justifyContent: 'space-between', width: '100%' }}>
        <Upload
          accept={[...TYPES.mimes, ...TYPES.extensions].join(',')}
          showUploadList={false}
          beforeUpload={(picked) => {
            const wrong = fileProblem('wallPost', picked);
            if (wrong === 'wrongType') setProblem(t('upload.wrongType.text', { types: TYPES.label }));
            else if (wrong === 'tooLarge') setProblem(t('upload.tooLarge.text', { max: sizeLabel(KIND.maxBytes) }));
            else if (wrong === 'empty') setProblem(t('upload.empty'));
            else {
              setProblem(null);
              setFile(picked);
            }
            return false; // sent with the post
          }}
        >
          <Button icon={<PaperClipOutlined />} size={compact ? 'small' : 'middle'} data-testid="wall-attach">
            {file ? file.name : t('wall.attach')}
          </Button>
        </Upload>
        <Button
          type="primary"
          icon={<SendOutlined />}
          size={compact ? 'small' : 'middle'}
          loading={percent !== null}
          onClick={() => void send()}
          data-testid="wall-send"
        >
          {parent ? t('wall.reply') : t('wall.post')}
        </Button>
      </Space>
    </div>
  );
}
