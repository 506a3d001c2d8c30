/** Its author corrects a post in place, while the server still allows it (PATCH …/comments/{hash}; 409 after the window). */
import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { wallComments } from '../../../../public/comments';
import { useFeedback } from '../../../../providers/notifications';
import type { WallComment } from '../types';

export function PostEditor({ slug, comment, onClose }: { slug: string; comment: WallComment; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const feedback = useFeedback();
  const [content, setContent] = useState(comment.content);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await wallComments.edit(slug, comment.hash, content.trim());
      feedback.success(t('wall.edited'));
      await client.invalidateQueries({ queryKey: ['data'] });
      onClose();
    } catch (error) {
      feedback.error((error as { message?: string }).message ?? t('errors.unexpected.title'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="wall-editor">
      <Input.TextArea
        aria-label={t('wall.editLabel')}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={2000}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        data-testid="wall-edit-text"
        autoFocus
      />
      <Space style={{ marginTop: 8 }}>
        <Button
          type="primary"
          size="small"
          onClick={save}
          loading={busy}
          disabled={!content.trim() || content.trim() === comment.content}
          data-testid="wall-edit-save"
        >
          {t('wall.save')}
        </Button>
        <Button size="small" onClick={onClose}>
          {t('admin.cancel')}
        </Button>
      </Space>
    </div>
  );
}
