/** Refunding a paid payment: a schema form (schemas/admin.payment.refund.json) in a modal, then a confirmation. */
import { useCustomMutation } from '@refinedev/core';
import { Descriptions, Modal, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/constants';
import type { AdminPayment, AdminPaymentRefund } from '../../../../shared/schema-types';
import { SchemaForm } from '../../../forms/SchemaForm';
import { money } from './shared';

export function RefundModal({
  payment,
  onClose,
  onDone,
}: {
  payment: AdminPayment | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const [modal, contextHolder] = Modal.useModal();
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>();
  const { mutate, mutation } = useCustomMutation<AdminPayment>();
  const left = payment ? payment.amount_cents - payment.refunded_cents : 0;

  const send = (values: AdminPaymentRefund) => {
    if (!payment) return;
    const amount = values.amount_cents ?? left;
    modal.confirm({
      title: t('admin.payments.refund.confirmTitle'),
      content: t('admin.payments.refund.confirm', { amount: money(amount, lng), name: payment.member.name }),
      okText: t('admin.payments.refund.action'),
      okButtonProps: { danger: true, 'data-testid': 'refund-confirm' } as ButtonProps,
      cancelText: t('admin.cancel'),
      onOk: () =>
        new Promise<void>((resolve) =>
          mutate(
            {
              url: `/adm/payments/${payment.hash}/refund`,
              method: 'post',
              values: { ...(values.amount_cents ? { amount_cents: values.amount_cents } : {}), reason: values.reason },
              successNotification: () => ({
                type: 'success',
                message: t('admin.payments.refund.done', { amount: money(amount, lng) }),
              }),
            },
            {
              onSuccess: () => {
                setServerErrors(undefined);
                onDone();
                onClose();
                resolve();
              },
              onError: (error) => {
                setServerErrors(error.errors as Record<string, string[]> | undefined);
                resolve();
              },
            },
          ),
        ),
    });
  };

  return (
    <Modal
      open={payment !== null}
      title={t('admin.payments.refund.title')}
      footer={null}
      destroyOnHidden
      maskClosable={false}
      onCancel={onClose}
      width={480}
    >
      {contextHolder}
      {payment ? (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('admin.payments.member')}>{payment.member.name}</Descriptions.Item>
            <Descriptions.Item label={t('admin.payments.amount')}>{money(payment.amount_cents, lng)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.payments.refund.left')}>{money(left, lng)}</Descriptions.Item>
          </Descriptions>
          <SchemaForm<AdminPaymentRefund>
            form="adminPaymentRefund"
            id="payment-refund-form"
            uiSchema={{
              amount_cents: {
                'ui:widget': 'updown',
                'ui:help': t('admin.payments.refund.amountHelp', { cents: left, amount: money(left, lng) }),
                'ui:placeholder': String(left),
              },
              reason: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
            }}
            submitText={t('admin.payments.refund.submit')}
            submitting={mutation.isPending}
            serverErrors={serverErrors}
            onSubmit={send}
          />
        </>
      ) : null}
    </Modal>
  );
}
