/** Asking to join a private group: an optional message for its administrator (at most 500 characters), then send. */
import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function JoinRequestModal({
  open,
  group,
  pending,
  onCancel,
  onSend,
}: {
  open: boolean;
  group: string;
  pending: boolean;
  onCancel: () => void;
  onSend: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  return (
    <Modal
      open={open}
      title={t('workgroups.requestTitle', { name: group })}
      okText={t('workgroups.requestSend')}
      cancelText={t('admin.cancel')}
      okButtonProps={{ loading: pending, 'data-testid': 'join-send' } as never}
      maskClosable={false}
      onCancel={onCancel}
      onOk={() => onSend(message.trim())}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('workgroups.requestHelp')}</Typography.Paragraph>
      <Input.TextArea
        aria-label={t('workgroups.requestMessage')}
        placeholder={t('workgroups.requestPlaceholder')}
        rows={4}
        maxLength={500}
        showCount
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        data-testid="join-message"
      />
    </Modal>
  );
}
