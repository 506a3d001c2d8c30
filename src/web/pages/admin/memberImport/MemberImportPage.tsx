/**
 * /{lng}/admin/member-import (issue 28 §3): bring the association's existing members over. Choose a CSV or XLSX file,
 * see what each row would do (POST /adm/member-imports/preview, nothing written), then import it (POST
 * /adm/member-imports: all rows or none). Below, the imported members who have not accepted their invitation yet,
 * with "send again" (the resource adm/member-imports/invitations).
 */
import { useState } from 'react';
import { Alert, Button, Input, Space, Table, Tag, Typography, Upload, App as AntApp } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { ACCEPTED } from '../../../../shared/uploads';
import { request } from '../../../providers/http';
import { uploadFiles } from '../../../providers/upload';
import { formatDate } from '../../../lib/dates';
import type { Locale } from '../../../../shared/constants';
import type { AdminInvitation, AdminMemberImportsPreview } from '../../../../shared/schema-types';

type Preview = AdminMemberImportsPreview;
type PreviewRow = Preview['rows'][number];
type Action = PreviewRow['action'];
type Invitation = AdminInvitation;

const COLORS: Record<Action, string> = { add: 'green', change: 'blue', unchanged: 'default', refused: 'red' };

export default function MemberImportPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const { message } = AntApp.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [done, setDone] = useState<{ added: number; changed: number; unchanged: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  const { tableProps, setFilters, tableQuery } = useTable<Invitation>({
    resource: 'adm/member-imports/invitations',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { mode: 'server' },
    sorters: { mode: 'off' },
  });

  const send = async (path: string) => {
    if (!file) return null;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await uploadFiles(path, 'file', [file], setPercent, 'adm');
      if (answer.status !== 200) {
        setProblem(answer.body.errors?.map((error) => error.message).join(' ') || answer.body.message || '');
        return null;
      }
      return answer.body;
    } finally {
      setBusy(false);
    }
  };
  const runPreview = async () => {
    setDone(null);
    const body = await send('member-imports/preview');
    setPreview(body ? (body as unknown as Preview) : null);
  };
  const runImport = async () => {
    const body = await send('member-imports');
    if (!body) return;
    setDone(body as unknown as { added: number; changed: number; unchanged: number });
    setPreview(null);
    void tableQuery.refetch();
  };
  const resend = async (hash: string) => {
    try {
      await request('adm', `member-imports/invitations/${hash}/resend`, { method: 'POST', body: {} });
      void message.success(t('admin.memberImport.resent'));
      void tableQuery.refetch();
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const importable = !!preview && preview.counts.refused === 0 && preview.counts.add + preview.counts.change > 0;

  return (
    <section data-testid="admin-member-import">
      <Typography.Title level={2}>{t('admin.memberImport.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.memberImport.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Upload
          accept={ACCEPTED.spreadsheet.extensions.join(',')}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setPreview(null);
            setDone(null);
            setProblem(null);
            return false; // sent by the buttons below
          }}
        >
          <Button icon={<UploadOutlined />}>{file ? file.name : t('admin.memberImport.choose')}</Button>
        </Upload>
        <Button
          onClick={() => void runPreview()}
          disabled={!file}
          loading={busy && !preview}
          data-testid="import-preview"
        >
          {t('admin.memberImport.preview')}
        </Button>
        <Button
          type="primary"
          onClick={() => void runImport()}
          disabled={!importable}
          loading={busy && !!preview}
          data-testid="import-confirm"
        >
          {t('admin.memberImport.confirm')}
        </Button>
        {busy && <span>{percent} %</span>}
      </Space>
      {problem && <Alert type="error" showIcon role="alert" message={problem} style={{ marginBottom: 16 }} />}
      {done && (
        <Alert type="success" showIcon message={t('admin.memberImport.done', done)} style={{ marginBottom: 16 }} />
      )}
      {preview && (
        <>
          <Space wrap style={{ marginBottom: 8 }}>
            {(['add', 'change', 'unchanged', 'refused'] as const).map((action) => (
              <Tag key={action} color={COLORS[action]}>
                {t(`admin.memberImport.action.${action}`)}: {preview.counts[action]}
              </Tag>
            ))}
          </Space>
          {preview.counts.refused > 0 && (
            <Alert type="warning" showIcon message={t('admin.memberImport.fixFirst')} style={{ marginBottom: 8 }} />
          )}
          <Table<PreviewRow>
            rowKey="line"
            size="small"
            dataSource={preview.rows}
            pagination={{ pageSize: 50 }}
            columns={[
              { title: t('admin.memberImport.line'), dataIndex: 'line', width: 80 },
              {
                title: t('admin.memberImport.what'),
                width: 140,
                render: (_, row) => (
                  <Tag color={COLORS[row.action]}>{t(`admin.memberImport.action.${row.action}`)}</Tag>
                ),
              },
              { title: t('admin.memberImport.member'), dataIndex: 'label' },
              {
                title: t('admin.memberImport.detail'),
                render: (_, row) =>
                  row.message ??
                  (row.fields?.length
                    ? row.fields.map((field) => t(`admin.memberImport.field.${field}`)).join(', ')
                    : ''),
              },
            ]}
          />
        </>
      )}
      <Typography.Title level={3} style={{ marginTop: 24 }}>
        {t('admin.memberImport.pending')}
      </Typography.Title>
      <Input.Search
        allowClear
        style={{ width: 320, marginBottom: 8 }}
        placeholder={t('admin.users.search')}
        onSearch={(text) => setFilters([{ field: 'text', operator: 'eq', value: text.trim() || undefined }], 'replace')}
      />
      <Table<Invitation>
        {...tableProps}
        rowKey="hash"
        columns={[
          { title: t('admin.memberImport.number'), dataIndex: 'member_number', width: 110 },
          { title: t('admin.memberImport.member'), render: (_, row) => `${row.name} <${row.email}>` },
          {
            title: t('admin.memberImport.sentAt'),
            width: 200,
            render: (_, row) => (
              <>
                {formatDate(row.sent_at, lng, 'dateTime')}{' '}
                {row.expired && <Tag color="orange">{t('admin.memberImport.expired')}</Tag>}
              </>
            ),
          },
          {
            title: t('admin.users.actions'),
            width: 160,
            render: (_, row) => (
              <Button size="small" onClick={() => void resend(row.hash)} data-testid="invitation-resend">
                {t('admin.memberImport.resend')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
