/** Marking a debit returned by the bank: the reason (the bank's return code or a note) is required. */
import { Alert, Form, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/constants';
import type { AdminPayment } from '../../../../shared/schema-types';
import { money } from './shared';

export function ReturnModal({
  payment,
  pending,
  onCancel,
  onConfirm,
}: {
  payment: AdminPayment | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={payment !== null}
      title={t('admin.payments.return.title')}
      okText={t('admin.payments.return.action')}
      okButtonProps={{ danger: true, loading: pending, 'data-testid': 'return-confirm' } as ButtonProps}
      cancelText={t('admin.cancel')}
      maskClosable={false}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() =>
        form
          .validateFields()
          .then((values) => onConfirm(values.reason.trim()))
          .catch(() => undefined /* the form shows what is missing */)
      }
    >
      {payment ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('admin.payments.return.text', {
            name: payment.member.name,
            amount: money(payment.amount_cents, lng),
          })}
        />
      ) : null}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('admin.payments.return.reason')}
          rules={[{ required: true, whitespace: true, message: t('admin.payments.return.reasonMissing') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
