/** The offer as a member will read it on the job bank, before the company sends it (issue 11 §4 "preview before sending"). */
import { Button, Descriptions, Modal, Space, Tag } from 'antd';
import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../../components/Markdown';
import type { OfferValues } from './OfferForm';

export function OfferPreview({
  values,
  confirmText,
  saving,
  onCancel,
  onConfirm,
}: {
  values: OfferValues | null;
  confirmText: string;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const { result } = useList<{ hash: string; title: string }>({
    resource: 'tags',
    filters: [{ field: 'type', operator: 'eq', value: 'USER' }],
    pagination: { mode: 'off' },
    queryOptions: { enabled: !!values },
  });
  const title = (hash: string | null | undefined) => result.data.find((tag) => tag.hash === hash)?.title;
  return (
    <Modal
      open={!!values}
      width={760}
      title={t('offers.form.previewTitle')}
      onCancel={onCancel}
      footer={
        <Space>
          <Button onClick={onCancel}>{t('offers.form.keepEditing')}</Button>
          <Button type="primary" loading={saving} onClick={onConfirm} data-testid="offer-confirm">
            {confirmText}
          </Button>
        </Space>
      }
    >
      {values ? (
        <article className="offer-preview" data-testid="offer-preview">
          <h2>{values.title}</h2>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('fields.location')}>{values.location}</Descriptions.Item>
            <Descriptions.Item label={t('fields.contract')}>
              {values.contract ? t(`jobs.contract.${values.contract}`) : '—'}
            </Descriptions.Item>
            {values.working ? (
              <Descriptions.Item label={t('fields.working')}>{t(`jobs.working.${values.working}`)}</Descriptions.Item>
            ) : null}
            {values.workstation ? (
              <Descriptions.Item label={t('fields.workstation')}>
                {t(`jobs.workstation.${values.workstation}`)}
              </Descriptions.Item>
            ) : null}
            {values.date_incorporation ? (
              <Descriptions.Item label={t('fields.date_incorporation')}>{values.date_incorporation}</Descriptions.Item>
            ) : null}
            {values.area ? <Descriptions.Item label={t('fields.area')}>{title(values.area)}</Descriptions.Item> : null}
            {values.specialty ? (
              <Descriptions.Item label={t('fields.specialty')}>{title(values.specialty)}</Descriptions.Item>
            ) : null}
          </Descriptions>
          {values.tags?.length ? (
            <Space wrap style={{ margin: '8px 0' }}>
              {values.tags.map((hash) => (
                <Tag key={hash}>{title(hash)}</Tag>
              ))}
            </Space>
          ) : null}
          <Markdown source={values.description ?? ''} className="markdown" />
        </article>
      ) : null}
    </Modal>
  );
}
