/**
 * Deleting an offer from the company's offer page (issue 25 §10): a confirmation first (antd Popconfirm), then
 * DELETE /com/jobs/{hash}. The server decides: an offer nobody applied to is gone (back to the list); one with
 * applications is closed instead, and its message — why — is the notice.
 */
import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useInvalidate, useNotification } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../hooks/useLocale';
import { request } from '../../../../providers/http';
import type { CompanyJobRemoval } from '../../../../../shared/schema-types';

type Removal = CompanyJobRemoval;

export function OfferDelete({ hash }: { hash: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      const answer = await request<Removal>('com', `jobs/${hash}`, { method: 'DELETE' });
      open?.({ type: answer.deleted ? 'success' : 'progress', message: answer.message, key: `offer-delete-${hash}` });
      await invalidate({ resource: 'com/jobs', invalidates: ['list', 'detail'], id: hash });
      if (answer.deleted) void navigate(to('company.jobs'));
    } catch (error) {
      open?.({ type: 'error', message: (error as { message?: string }).message ?? t('upload.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title={t('offers.deleteConfirm.title')}
      description={<div style={{ maxWidth: 320 }}>{t('offers.deleteConfirm.text')}</div>}
      okText={t('offers.deleteConfirm.ok')}
      cancelText={t('offers.deleteConfirm.cancel')}
      okButtonProps={{ danger: true, loading: busy }}
      onConfirm={remove}
    >
      <Button danger icon={<DeleteOutlined />} loading={busy} data-testid="offer-delete">
        {t('offers.delete')}
      </Button>
    </Popconfirm>
  );
}
