/**
 * UploadField: one file (photo, CV, student file, a company's logo) sent as multipart to our upload routes
 * (DESIGN §4b), with a progress bar, a preview and the SPEC §4 dialogs. Used by the member's and the company's profile.
 *
 * Props:
 * - `kind`: 'avatar' | 'cv' | 'student' | 'logo' — which route, field, size limit and types (src/shared/uploads.ts,
 *   the same list the server enforces);
 * - `value`: what is there now — the photo URL (avatar) or the signed link (cv, student), or null;
 * - `fileName`: the name shown for a document (defaults to a generic "Download");
 * - `onChange(answer)`: the server's answer after an upload or delete (`{ photo, photo_large }`,
 *   `{ has_cv, cv }` or `{ student_file }`), so the page can refresh the profile;
 * - `disabled`: no upload or delete.
 * Size and type are checked before sending (a dialog says the maximum or the accepted types); the
 * server checks again by content and its message, in the member's language, is shown the same way.
 * Dialogs close only on their buttons or close icon, never on the backdrop (SPEC §4).
 */
import { useState } from 'react';
import { Avatar, Button, Modal, Progress, Space, Upload } from 'antd';
import { DeleteOutlined, FilePdfOutlined, ShopOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ACCEPTED, fileProblem, UPLOAD_KINDS, sizeLabel } from '../../../shared/uploads';
import { request } from '../../providers/http';
import { uploadFiles } from '../../providers/upload';

export const UPLOAD_TARGETS = {
  avatar: { prefix: 'usr', path: 'users/avatar', kind: 'photo', ...UPLOAD_KINDS.photo },
  cv: { prefix: 'usr', path: 'users/cv', kind: 'document', ...UPLOAD_KINDS.document },
  student: { prefix: 'usr', path: 'users/student/file', kind: 'document', ...UPLOAD_KINDS.document },
  logo: { prefix: 'com', path: 'companies/logo', kind: 'photo', ...UPLOAD_KINDS.photo },
  // a group's picture: the page gives the path (usr/workgroups/{hash}/image)
  picture: { prefix: 'usr', path: '', kind: 'photo', ...UPLOAD_KINDS.photo },
  // an article's cover in the back office: the page gives the path (adm/articles/{hash}/image)
  cover: { prefix: 'adm', path: '', kind: 'photo', ...UPLOAD_KINDS.photo },
  // an offer's PDF (com/jobs/{hash}/file) and a portfolio project's file (usr/portfolios/{hash}/file): the page gives the path
  offerFile: { prefix: 'com', path: '', kind: 'document', ...UPLOAD_KINDS.document },
  portfolioFile: { prefix: 'usr', path: '', kind: 'portfolioFile', ...UPLOAD_KINDS.portfolioFile },
} as const;
export type UploadTarget = keyof typeof UPLOAD_TARGETS;

export interface UploadFieldProps {
  kind: UploadTarget;
  value: string | null;
  fileName?: string;
  onChange?: (answer: Record<string, unknown>) => void;
  disabled?: boolean;
  /** The route under the target's prefix when it depends on the record (a group's picture). */
  path?: string;
}

export function UploadField({ kind, value, fileName, onChange, disabled, path }: UploadFieldProps) {
  const { t } = useTranslation();
  // Modal.useModal, not App.useApp: the app has no antd <App> wrapper (providers/notifications.tsx says why)
  const [modal, modalHolder] = Modal.useModal();
  const [percent, setPercent] = useState<number | null>(null);
  const target = UPLOAD_TARGETS[kind];
  const accepted = ACCEPTED[target.accept];
  const dialog = { maskClosable: false, closable: true, okText: t('upload.ok') };

  /** The SPEC §4 checks before anything is sent; false stops the upload. */
  const precheck = (file: File): boolean => {
    const problem = fileProblem(target.kind, file);
    if (problem === 'wrongType')
      modal.warning({
        ...dialog,
        title: t('upload.wrongType.title'),
        content: t('upload.wrongType.text', { types: accepted.label }),
      });
    if (problem === 'tooLarge')
      modal.warning({
        ...dialog,
        title: t('upload.tooLarge.title'),
        content: t('upload.tooLarge.text', { max: sizeLabel(target.maxBytes) }),
      });
    if (problem === 'empty') modal.warning({ ...dialog, title: t('upload.failed'), content: t('upload.empty') });
    return problem === null;
  };

  const upload = async (file: File) => {
    setPercent(0);
    try {
      const answer = await uploadFiles(path ?? target.path, target.field, [file], setPercent, target.prefix);
      if (answer.status >= 200 && answer.status < 300) onChange?.(answer.body);
      else {
        const title = answer.status === 413 ? t('upload.tooLarge.title') : t('upload.failed');
        modal.error({
          ...dialog,
          title,
          content: answer.body.errors?.[0]?.message ?? answer.body.message ?? t('upload.failed'),
        });
      }
    } catch (error) {
      // a dead session (the shared client has already signed out) or no network at all
      const message = (error as { statusCode?: number; message?: string }).statusCode
        ? (error as { message: string }).message
        : t('upload.network');
      modal.error({ ...dialog, title: t('upload.failed'), content: message });
    } finally {
      setPercent(null);
    }
  };

  const remove = () =>
    modal.confirm({
      ...dialog,
      title: t('upload.deleteConfirm.title'),
      content: t('upload.deleteConfirm.text'),
      okText: t('upload.delete'),
      okButtonProps: { danger: true },
      cancelText: t('upload.cancel'),
      onOk: async () =>
        onChange?.(await request<Record<string, unknown>>(target.prefix, path ?? target.path, { method: 'DELETE' })),
    });

  const busy = percent !== null;
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      {modalHolder}
      {kind === 'avatar' ? (
        <Avatar size={96} src={value ?? undefined} icon={<UserOutlined />} alt={t('upload.preview')} />
      ) : kind === 'cover' ? (
        value ? (
          <img src={value} alt={t('upload.preview')} className="cover-preview" />
        ) : (
          <span>{t('upload.none')}</span>
        )
      ) : kind === 'logo' || kind === 'picture' ? (
        <Avatar
          size={96}
          shape="square"
          src={value ?? undefined}
          icon={<ShopOutlined />}
          alt={t('upload.preview')}
          className="logo-preview"
        />
      ) : value ? (
        <a href={value} download>
          <FilePdfOutlined /> {fileName ?? t('upload.download')}
        </a>
      ) : (
        <span>{t('upload.none')}</span>
      )}
      {busy && <Progress percent={percent} size="small" aria-label={t('upload.uploading')} />}
      <Space wrap>
        <Upload
          accept={[...accepted.mimes, ...accepted.extensions].join(',')}
          showUploadList={false}
          disabled={disabled || busy}
          beforeUpload={(file) => {
            if (precheck(file)) void upload(file);
            return false; // we send it ourselves (progress, session headers, one retry after a refresh)
          }}
        >
          <Button icon={<UploadOutlined />} disabled={disabled || busy}>
            {value ? t('upload.replace') : t('upload.choose')}
          </Button>
        </Upload>
        {value && kind !== 'picture' && (
          <Button icon={<DeleteOutlined />} danger disabled={disabled || busy} onClick={remove}>
            {t('upload.delete')}
          </Button>
        )}
      </Space>
      <small>{t('upload.hint', { types: accepted.label, max: sizeLabel(target.maxBytes) })}</small>
    </Space>
  );
}
