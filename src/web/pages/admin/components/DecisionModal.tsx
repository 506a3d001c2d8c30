import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Asks for the reason of a back-office decision — required for a rejection (sent to the member or company),
 * optional for others — shared by the member and offer queues. `keys` is the queue's translation prefix
 * (`admin.decision` for members, `admin.jobDecision` for offers); `reasonKeys` names who receives the reason.
 */
export function DecisionModal({
  status,
  count,
  required,
  keys,
  reasonKeys = 'admin.reason',
  onCancel,
  onConfirm,
  pending,
}: {
  status: string | null;
  count: number;
  required: boolean;
  keys: string;
  reasonKeys?: string;
  onCancel: () => void;
  onConfirm: (reason?: string) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  return (
    <Modal
      open={status !== null}
      title={status ? t(`${keys}.${status}.title`, { count }) : ''}
      okText={status ? t(`${keys}.${status}.action`) : ''}
      okButtonProps={{ danger: true, loading: pending }}
      cancelText={t('admin.cancel')}
      maskClosable={false}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() =>
        form
          .validateFields()
          .then((values) => onConfirm(values.reason?.trim() || undefined))
          .catch(() => undefined /* the form shows what is missing */)
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t(required ? `${reasonKeys}.required` : `${reasonKeys}.optional`)}
          rules={required ? [{ required: true, whitespace: true, message: t('admin.reason.missing') }] : []}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
