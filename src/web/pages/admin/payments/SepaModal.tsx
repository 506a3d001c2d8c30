/**
 * The SEPA direct-debit file: asks the collection date (banks want it at least two business days ahead, so earlier
 * days are not offered), downloads the XML of every pending debit not yet sent, then shows its batch and count.
 */
import { Alert, Button, DatePicker, Form, Modal, Result } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/constants';
import { downloadFile } from '../../../lib/downloadFile';
import { money } from './shared';

/** Today plus two business days (Saturdays and Sundays skipped). */
export function earliestCollection(from: Dayjs = dayjs()): Dayjs {
  let day = from.startOf('day');
  let left = 2;
  while (left > 0) {
    day = day.add(1, 'day');
    if (day.day() !== 0 && day.day() !== 6) left--;
  }
  return day;
}

interface Made {
  batch: string;
  count: number;
  totalCents: number;
}

/** What the file says about itself: its message id (our batch), its number of debits and their sum. */
function summary(xml: string): Made {
  const pick = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? '';
  return {
    batch: pick('MsgId'),
    count: Number(pick('NbOfTxs')),
    totalCents: Math.round(Number(pick('CtrlSum')) * 100),
  };
}

export function SepaModal({
  open,
  onClose,
  onDone,
  onDownloadAgain,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  onDownloadAgain: (batch: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const [form] = Form.useForm<{ date: Dayjs }>();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<Made | null>(null);
  const earliest = earliestCollection();
  const close = () => {
    setMade(null);
    setError(null);
    onClose();
  };
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setPending(true);
    setError(null);
    try {
      const xml = await downloadFile(
        'adm',
        'payments/sepa',
        `sepa-${values.date.format('YYYY-MM-DD')}.xml`,
        'application/xml',
        { method: 'POST', body: { collection_date: values.date.format('DD/MM/YYYY') } },
      );
      setMade(summary(xml));
      onDone();
    } catch (failure) {
      setError((failure as { message?: string }).message ?? t('errors.unexpected.title'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('admin.payments.sepa.title')}
      destroyOnHidden
      maskClosable={false}
      onCancel={close}
      footer={
        made
          ? [
              <Button key="again" onClick={() => onDownloadAgain(made.batch)}>
                {t('admin.payments.sepa.again')}
              </Button>,
              <Button key="close" type="primary" onClick={close}>
                {t('admin.payments.sepa.close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('admin.cancel')}
              </Button>,
              <Button
                key="make"
                type="primary"
                loading={pending}
                onClick={() => void submit()}
                data-testid="sepa-submit"
              >
                {t('admin.payments.sepa.submit')}
              </Button>,
            ]
      }
    >
      {made ? (
        <div data-testid="sepa-result">
          <Result
            status="success"
            style={{ padding: '16px 0' }}
            title={t('admin.payments.sepa.done', { count: made.count })}
            subTitle={t('admin.payments.sepa.summary', { batch: made.batch, total: money(made.totalCents, lng) })}
          />
        </div>
      ) : (
        <>
          <p>{t('admin.payments.sepa.text')}</p>
          {error ? (
            <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} data-testid="sepa-error" />
          ) : null}
          <Form form={form} layout="vertical" initialValues={{ date: earliest }} preserve={false}>
            <Form.Item
              name="date"
              label={t('admin.payments.sepa.date')}
              rules={[{ required: true, message: t('admin.payments.sepa.dateMissing') }]}
              extra={t('admin.payments.sepa.dateHelp')}
            >
              <DatePicker
                format="DD/MM/YYYY"
                allowClear={false}
                disabledDate={(day) => day.isBefore(earliest, 'day')}
                style={{ width: '100%' }}
                data-testid="sepa-date"
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
