/**
 * What a reader may do with a post besides liking it: reply (members), edit their own for a while, delete their own
 * (with a confirmation), report someone else's to the group's administrator, and — for the group's administrator —
 * remove anyone's with a reason its author receives by e-mail, seeing the reports it received.
 */
import { useState } from 'react';
import { Button, Input, Modal, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { wallComments } from '../../../../public/comments';
import { useFeedback } from '../../../../providers/notifications';
import type { WallComment } from '../types';
import { ReportButton, ReportsTag } from './PostReports';

export interface WallViewer {
  hash: string | null;
  canPost: boolean;
  /** the group's hash when the reader runs it (moderation) */
  runs: string | null;
}

export function PostActions({
  slug,
  comment,
  viewer,
  onReply,
  onEdit,
}: {
  slug: string;
  comment: WallComment;
  viewer: WallViewer;
  onReply?: () => void;
  onEdit?: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const feedback = useFeedback();
  const [removing, setRemoving] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const done = async (message: string) => {
    feedback.success(message);
    await client.invalidateQueries({ queryKey: ['data'] });
  };
  const act = async (work: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await work();
      await done(message);
    } catch (error) {
      feedback.error((error as { message?: string }).message ?? t('errors.unexpected.title'));
    } finally {
      setBusy(false);
    }
  };
  const mine = viewer.hash !== null && viewer.hash === comment.user.hash;
  // the server says until when; a post past it shows no button (and the server answers 409 anyway)
  // eslint-disable-next-line react-hooks/purity -- the edit window is read at each render; a late click is refused by the server (409)
  const editable = mine && !!comment.editable_until && Date.now() < Date.parse(comment.editable_until);
  return (
    <>
      {editable && onEdit ? (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="wall-edit">
          {t('wall.edit')}
        </Button>
      ) : null}
      {viewer.canPost && onReply ? (
        <Button type="link" size="small" onClick={onReply} data-testid="wall-reply">
          {t('wall.reply')}
        </Button>
      ) : null}
      {mine ? (
        <Popconfirm
          title={t('wall.deleteConfirm')}
          okText={t('wall.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('admin.cancel')}
          onConfirm={() => act(() => wallComments.remove(slug, comment.hash), t('wall.deleted'))}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />} loading={busy} data-testid="wall-delete">
            {t('wall.delete')}
          </Button>
        </Popconfirm>
      ) : viewer.runs ? (
        <Button
          type="link"
          size="small"
          danger
          icon={<StopOutlined />}
          onClick={() => setRemoving(true)}
          data-testid="wall-remove"
        >
          {t('wall.remove')}
        </Button>
      ) : null}
      {!mine && viewer.canPost && !viewer.runs ? <ReportButton slug={slug} comment={comment} /> : null}
      {viewer.runs && comment.reports ? <ReportsTag reports={comment.reports} /> : null}
      <Modal
        open={removing}
        title={t('wall.removeTitle')}
        okText={t('wall.remove')}
        okButtonProps={
          {
            danger: true,
            disabled: reason.trim().length < 3,
            loading: busy,
            'data-testid': 'wall-remove-confirm',
          } as never
        }
        cancelText={t('admin.cancel')}
        maskClosable={false}
        onCancel={() => setRemoving(false)}
        onOk={() =>
          act(() => wallComments.moderate(viewer.runs!, comment.hash, reason.trim()), t('wall.removed')).then(() => {
            setRemoving(false);
            setReason('');
          })
        }
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('wall.removeHelp')}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t('wall.removeReason')}
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          data-testid="wall-remove-reason"
        />
      </Modal>
    </>
  );
}
