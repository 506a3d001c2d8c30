import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { REASON_REQUIRED, type MemberDecision } from '../../../../../shared/memberMoves';

/** Asks for the reason of a rejection (required, sent to the member) or of a disabling (optional). */
export function DecisionModal({ status, count, onCancel, onConfirm, pending }: { status: MemberDecision | null; count: number; onCancel: () => void; onConfirm: (reason?: string) => void; pending: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const required = status ? REASON_REQUIRED.includes(status) : false;
  return (
    <Modal
      open={status !== null}
      title={status ? t(`admin.decision.${status}.title`, { count }) : ''}
      okText={status ? t(`admin.decision.${status}.action`) : ''}
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
          label={t(required ? 'admin.reason.required' : 'admin.reason.optional')}
          rules={required ? [{ required: true, whitespace: true, message: t('admin.reason.missing') }] : []}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
