/**
 * /{lng}/admin/schoolRecords: the school's records (issue 28 §1). Upload a CSV/XLSX → the preview (nothing written)
 * with each row's action and reason → confirm (the same file, imported in one transaction); the list with search,
 * edit (drawer) and removal. Document numbers are never shown: the server keeps only a keyed hash.
 */
import { useTable } from '@refinedev/antd';
import { useDelete, useInvalidate } from '@refinedev/core';
import { DownloadOutlined } from '@ant-design/icons';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Empty,
  Input,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../lib/downloadCsv';
import { uploadFiles } from '../../../providers/upload';
import { SchoolRecordDrawer } from './SchoolRecordDrawer';
import { saveStudyChoices, StudyMappingStep, type StudyChoices } from './StudyMappingStep';
import type { ImportAnswer, SchoolRecord } from './types';

const ACTION_COLORS = { add: 'green', change: 'blue', unchanged: 'default', refused: 'red' } as const;

export default function SchoolRecordsPage() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { mutate: remove } = useDelete();
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<SchoolRecord | null>(null);
  const [search, setSearch] = useState('');
  const [choices, setChoices] = useState<StudyChoices>({});
  const { message } = AntApp.useApp();
  // the records as a file with the list's filter (GET /adm/schoolRecords/export, issue 28 §4; no document numbers)
  const exportAs = (format: 'csv' | 'xlsx') =>
    downloadFile('adm', 'schoolRecords/export', `school-records.${format}`, {
      ...(search ? { text: search } : {}),
      format,
    }).catch((error: unknown) => message.error((error as Error).message));
  const { tableProps, setFilters } = useTable<SchoolRecord>({
    resource: 'adm/schoolRecords',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
  });

  const send = async (step: 'preview' | 'import', chosen: File) => {
    setBusy(true);
    setProblem(null);
    try {
      // the mapping step's choices are saved first, so the import's answer already counts them
      if (step === 'import' && answer) await saveStudyChoices(answer.studies, choices);
      const result = await uploadFiles(`schoolRecords/${step}`, 'file', [chosen], () => undefined, 'adm');
      if (result.status === 200) {
        setAnswer(result.body as unknown as ImportAnswer);
        if (step === 'preview') setChoices({});
        if (step === 'import') await invalidate({ resource: 'adm/schoolRecords', invalidates: ['list'] });
      } else {
        setAnswer(null);
        setProblem(result.body.errors?.[0]?.message ?? result.body.message ?? t('admin.schoolRecords.failed'));
      }
    } catch (error) {
      setProblem((error as Error).message || t('admin.schoolRecords.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section data-testid="admin-school-records">
      <Typography.Title level={2}>{t('admin.schoolRecords.title')}</Typography.Title>
      <Card title={t('admin.schoolRecords.importTitle')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph>{t('admin.schoolRecords.importHelp')}</Typography.Paragraph>
        <Space wrap>
          <Upload
            accept=".csv,.txt,.xlsx"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(chosen) => {
              setFile(chosen);
              void send('preview', chosen);
              return false;
            }}
          >
            <Button loading={busy && !answer}>{t('admin.schoolRecords.choose')}</Button>
          </Upload>
          {file && <Typography.Text>{file.name}</Typography.Text>}
          {file && answer && !answer.written && (
            <Button
              type="primary"
              loading={busy}
              onClick={() => void send('import', file)}
              data-testid="records-confirm"
            >
              {t('admin.schoolRecords.confirm')}
            </Button>
          )}
        </Space>
        {problem && <Alert type="error" showIcon style={{ marginTop: 16 }} message={problem} role="alert" />}
        {answer && (
          <div style={{ marginTop: 16 }} data-testid="records-preview">
            <Alert
              type={answer.written ? 'success' : 'info'}
              showIcon
              message={t(
                answer.written ? 'admin.schoolRecords.done' : 'admin.schoolRecords.previewSummary',
                answer.counts,
              )}
              description={
                answer.validated ? t('admin.schoolRecords.validated', { count: answer.validated }) : undefined
              }
            />
            {answer.studies.length > 0 &&
              (answer.written ? (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 8 }}
                  message={t('admin.schoolRecords.unmapped', { studies: answer.unmappedStudies.join(', ') })}
                />
              ) : (
                <StudyMappingStep groups={answer.studies} choices={choices} onChange={setChoices} />
              ))}
            <Table
              style={{ marginTop: 8 }}
              size="small"
              rowKey="line"
              dataSource={answer.rows}
              pagination={{ pageSize: 20 }}
              columns={[
                { title: t('admin.schoolRecords.line'), dataIndex: 'line', width: 80 },
                {
                  title: t('admin.schoolRecords.action'),
                  dataIndex: 'action',
                  width: 140,
                  render: (action: keyof typeof ACTION_COLORS) => (
                    <Tag color={ACTION_COLORS[action]}>{t(`admin.schoolRecords.actions.${action}`)}</Tag>
                  ),
                },
                { title: t('admin.schoolRecords.person'), dataIndex: 'label' },
                {
                  title: t('admin.schoolRecords.reason'),
                  render: (_: unknown, row: ImportAnswer['rows'][number]) =>
                    row.message ?? row.fields?.join(', ') ?? '',
                },
              ]}
            />
          </div>
        )}
      </Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('admin.schoolRecords.search')}
          placeholder={t('admin.schoolRecords.search')}
          style={{ maxWidth: 360 }}
          onSearch={(text) => {
            setSearch(text);
            setFilters([{ field: 'text', operator: 'eq', value: text || undefined }], 'replace');
          }}
        />
        <Button icon={<DownloadOutlined />} onClick={() => void exportAs('csv')} data-testid="records-export-csv">
          {t('admin.users.exportCsv')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void exportAs('xlsx')} data-testid="records-export-xlsx">
          {t('admin.users.exportXlsx')}
        </Button>
      </Space>
      <Table<SchoolRecord>
        {...tableProps}
        rowKey="hash"
        size="middle"
        // an empty search keeps antd's "no data"; an empty registry says what to do
        locale={{
          emptyText: search ? undefined : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={<span data-testid="records-empty">{t('admin.schoolRecords.empty')}</span>}
            />
          ),
        }}
        columns={[
          {
            title: t('fields.name'),
            render: (_, row) => [row.name, row.surname1, row.surname2].filter(Boolean).join(' '),
          },
          { title: t('fields.email'), dataIndex: 'email' },
          { title: t('admin.schoolRecords.study'), render: (_, row) => row.category?.title || row.study || '—' },
          {
            title: t('admin.schoolRecords.years'),
            render: (_, row) => [row.first_year, row.last_year].filter((year) => year !== null).join('–'),
          },
          { title: t('admin.schoolRecords.kind'), render: (_, row) => t(`admin.schoolRecords.kinds.${row.kind}`) },
          {
            title: t('admin.schoolRecords.eligible'),
            render: (_, row) => (row.eligible ? t('common.yes') : t('common.no')),
          },
          {
            title: '',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row)}>
                  {t('admin.schoolRecords.edit')}
                </Button>
                <Popconfirm
                  title={t('admin.schoolRecords.removeConfirm')}
                  onConfirm={() => remove({ resource: 'adm/schoolRecords', id: row.hash })}
                >
                  <Button size="small" danger>
                    {t('admin.schoolRecords.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <SchoolRecordDrawer record={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
