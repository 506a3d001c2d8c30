/** Where a group stands in the association's review, and the button that sends a draft (or a corrected group) for it. */
import { Alert, Button, Popconfirm } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useUpdate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { OwnGroup } from './types';

export function SubmitForReview({ group }: { group: OwnGroup }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useUpdate<OwnGroup, HttpError>();
  const canSend = group.status === 'UNPUBLISHED' || group.status === 'REJECTED';
  const send = () =>
    mutate({
      resource: 'usr/workgroups',
      id: group.hash,
      values: { status: 'PENDING' },
      successNotification: () => ({ type: 'success', message: t('groups.sent') }),
    });
  return (
    <Alert
      type={group.status === 'REJECTED' ? 'warning' : group.status === 'PUBLISHED' ? 'success' : 'info'}
      showIcon
      data-testid="group-review"
      message={t(`groups.review.${group.status}`)}
      description={
        group.status === 'REJECTED' && group.reason ? <span data-testid="group-reason">{group.reason}</span> : undefined
      }
      action={
        canSend ? (
          <Popconfirm
            title={t('groups.sendConfirm')}
            okText={t('groups.send')}
            cancelText={t('admin.cancel')}
            onConfirm={send}
          >
            <Button type="primary" icon={<SendOutlined />} loading={mutation.isPending} data-testid="group-send">
              {t('groups.send')}
            </Button>
          </Popconfirm>
        ) : undefined
      }
      style={{ marginBottom: 16 }}
    />
  );
}
