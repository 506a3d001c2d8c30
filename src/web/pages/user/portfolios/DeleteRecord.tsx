/** A delete button with a confirmation (SPEC §8: deleting asks first) for a member's project or experience. */
import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useDelete } from '@refinedev/core';
import { useTranslation } from 'react-i18next';

export function DeleteRecord(props: {
  resource: 'portfolios' | 'workExperiences';
  id: string;
  name: string;
  onDeleted?: () => void;
  block?: boolean;
}) {
  const { t } = useTranslation();
  const { mutate, mutation } = useDelete();
  const run = () =>
    mutate(
      {
        resource: `usr/${props.resource}`,
        id: props.id,
        mutationMode: 'pessimistic',
        successNotification: () => ({ type: 'success', message: t('member.deleted', { name: props.name }) }),
      },
      { onSuccess: () => props.onDeleted?.() },
    );
  return (
    <Popconfirm
      title={t('member.deleteConfirm.title')}
      description={t('member.deleteConfirm.text', { name: props.name })}
      okText={t('member.delete')}
      cancelText={t('member.cancel')}
      okButtonProps={{ danger: true, loading: mutation.isPending }}
      onConfirm={run}
    >
      <Button danger icon={<DeleteOutlined />} block={props.block} loading={mutation.isPending} data-testid="delete">
        {t('member.delete')}
      </Button>
    </Popconfirm>
  );
}
