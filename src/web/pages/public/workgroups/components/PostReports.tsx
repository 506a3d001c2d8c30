/**
 * Reporting a post to the group's administrator (members, once per post; POST …/comments/{hash}/report), and — for the
 * administrator — the reports a post received, beside it.
 */
import { useState } from 'react';
import { Button, Input, Modal, Popover, Tag, Typography } from 'antd';
import { FlagOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { wallComments } from '../../../../public/comments';
import { useFeedback } from '../../../../providers/notifications';
import type { WallComment } from '../types';

export function ReportButton({ slug, comment }: { slug: string; comment: WallComment }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const feedback = useFeedback();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (comment.reported) {
    return (
      <Typography.Text type="secondary" className="wall-reported" data-testid="wall-reported">
        <FlagOutlined /> {t('wall.reportedByMe')}
      </Typography.Text>
    );
  }
  const send = async () => {
    setBusy(true);
    try {
      await wallComments.report(slug, comment.hash, reason.trim());
      feedback.success(t('wall.reportSent'));
      setOpen(false);
      setReason('');
      await client.invalidateQueries({ queryKey: ['data'] });
    } catch (error) {
      feedback.error((error as { message?: string }).message ?? t('errors.unexpected.title'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="link" size="small" icon={<FlagOutlined />} onClick={() => setOpen(true)} data-testid="wall-report">
        {t('wall.report')}
      </Button>
      <Modal
        open={open}
        title={t('wall.reportTitle')}
        okText={t('wall.reportSend')}
        okButtonProps={
          { disabled: reason.trim().length < 3, loading: busy, 'data-testid': 'wall-report-send' } as never
        }
        cancelText={t('admin.cancel')}
        maskClosable={false}
        onCancel={() => setOpen(false)}
        onOk={send}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('wall.reportHelp')}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t('wall.reportReason')}
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          data-testid="wall-report-reason"
        />
      </Modal>
    </>
  );
}

/** The group's administrator sees how many members reported a post, and why (the reporters stay unnamed). */
export function ReportsTag({ reports }: { reports: NonNullable<WallComment['reports']> }) {
  const { t } = useTranslation();
  if (reports.length === 0) return null;
  const reasons = (
    <ul className="wall-report-reasons">
      {reports.map((report, index) => (
        <li key={index}>{report.reason}</li>
      ))}
    </ul>
  );
  return (
    <Popover title={t('wall.reportsTitle')} content={reasons} trigger={['hover', 'click']}>
      <Tag
        color="warning"
        icon={<FlagOutlined />}
        style={{ cursor: 'pointer' }}
        data-testid="wall-reports"
        tabIndex={0}
      >
        {t('wall.reports', { count: reports.length })}
      </Tag>
    </Popover>
  );
}
