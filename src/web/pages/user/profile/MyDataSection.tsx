/**
 * "My data" on the settings page (issue 8 §12–13): download everything the site holds about me
 * (GET /usr/users/me/export, a zip fetched with the session headers and saved), and delete my account
 * (DELETE /usr/users/me with the current password) after a modal that says what goes and what stays.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Divider, Modal, Space, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useCustomMutation, useLogout, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { downloadFile } from '../../../lib/downloadCsv';
import { SchemaForm } from '../../../forms/SchemaForm';
import { useLocale } from '../../../hooks/useLocale';
import { useFeedback } from '../../../providers/notifications';
import { clearSession } from '../../../providers/session';

type Errors = HttpError & { errors?: Record<string, string[]> };
const ERROR_TOAST = 'account-delete-error';

function DeleteAccountModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const feedback = useFeedback();
  const { mutate: logout } = useLogout();
  const navigate = useNavigate();
  const [understood, setUnderstood] = useState(false);
  const [needsTick, setNeedsTick] = useState(false);
  const { mutate, mutation } = useCustomMutation<{ ok: boolean }, Errors, Record<string, unknown>>();
  const submit = (values: Record<string, unknown>) => {
    if (!understood) {
      setNeedsTick(true);
      return;
    }
    mutate(
      {
        url: '/usr/users/me',
        method: 'delete',
        values,
        successNotification: false,
        errorNotification: (error) => ({
          key: ERROR_TOAST,
          type: 'error',
          message: error?.message ?? t('errors.unexpected.title'),
        }),
      },
      {
        onSuccess: () => {
          onClose();
          feedback.close(ERROR_TOAST); // a wrong password a moment ago is no longer the news
          feedback.success(t('myData.done.title'), t('myData.done.text'));
          // The server already ended every session: forget the dead token now (a request carrying it would answer
          // 401 and send the visitor to the sign-in page), go home, and sign out only once this page is gone —
          // while the home page loads, the member area's guard would otherwise send a signed-out visitor to sign in.
          clearSession();
          navigate(to('home'), { replace: true });
          const started = Date.now();
          const signOutWhenHome = () => {
            if (document.querySelector('[data-testid="my-data"]') && Date.now() - started < 10_000)
              window.setTimeout(signOutWhenHome, 50);
            else logout({ redirectPath: to('home') });
          };
          signOutWhenHome();
        },
      },
    );
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterClose={() => {
        // opened again, it starts over: box unticked, no old error on the password
        setUnderstood(false);
        setNeedsTick(false);
        mutation.reset();
      }}
      title={t('myData.modal.title')}
      footer={null}
      maskClosable={false}
      destroyOnHidden
      className="my-data-modal"
      data-testid="delete-account-modal"
    >
      <Typography.Title level={5}>{t('myData.modal.deleted')}</Typography.Title>
      <Typography.Paragraph>{t('myData.modal.deletedList')}</Typography.Paragraph>
      <Typography.Title level={5}>{t('myData.modal.kept')}</Typography.Title>
      <Typography.Paragraph>{t('myData.modal.keptList')}</Typography.Paragraph>
      <Alert type="info" showIcon message={t('myData.modal.exportFirst')} style={{ marginBottom: 16 }} />
      <Checkbox
        checked={understood}
        onChange={(event) => {
          setUnderstood(event.target.checked);
          setNeedsTick(false);
        }}
        data-testid="delete-account-confirm"
      >
        {t('myData.modal.confirm')}
      </Checkbox>
      {needsTick && (
        <Typography.Paragraph type="danger" role="alert" style={{ margin: '4px 0 0' }}>
          {t('myData.modal.confirmRequired')}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" style={{ margin: '16px 0 0' }}>
        {t('myData.modal.passwordHint')}
      </Typography.Paragraph>
      <SchemaForm<Record<string, unknown>>
        id="form-accountDelete"
        form="accountDelete"
        uiSchema={{ password: { 'ui:widget': 'password', 'ui:autocomplete': 'current-password' } }}
        submitText={t('myData.modal.submit')}
        submitting={mutation.isPending}
        serverErrors={(mutation.error as Errors | null)?.errors}
        onSubmit={submit}
      />
    </Modal>
  );
}

export function MyDataSection() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile('usr', 'users/me/export', 'alumni-data.zip');
    } catch {
      feedback.error(t('myData.downloadError'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <section className="my-data" aria-labelledby="my-data-title" data-testid="my-data">
      <Divider />
      <Typography.Title level={3} id="my-data-title" style={{ marginTop: 0 }}>
        {t('myData.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('myData.intro')}</Typography.Paragraph>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <div>
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={download} data-testid="my-data-download">
            {t('myData.download')}
          </Button>
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
            {t('myData.downloadHint')}
          </Typography.Paragraph>
        </div>
        <div>
          <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)} data-testid="my-data-delete">
            {t('myData.delete')}
          </Button>
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
            {t('myData.deleteHint')}
          </Typography.Paragraph>
        </div>
      </Space>
      <DeleteAccountModal open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
