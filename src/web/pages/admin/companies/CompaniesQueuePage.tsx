/**
 * /{lng}/admin/companies (issue 11 §2): the company validation queue on the member queue's pattern — GET
 * /adm/companies with useTable (PENDING first), text search, decisions from the shared move table (validate;
 * reject with a required reason; disable), bulk selection.
 */
import { useState } from 'react';
import { useTable } from '@refinedev/antd';
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/constants';
import { MEMBER_MOVES, REASON_REQUIRED, type MemberDecision, type MemberStatus } from '../../../../shared/memberMoves';
import type { AdminCompany } from '../../../../shared/schema-types';
import { formatDate } from '../../../lib/dates';
import { DecisionModal } from '../components/DecisionModal';
import { useDecision } from '../components/useDecision';
import { DecisionButtons } from '../users/components/DecisionButtons';

type Company = AdminCompany & { hash: string; status: MemberStatus; moves: MemberDecision[] };
const KEYS = 'admin.companyDecision';
const STATUSES = ['PENDING', 'VALIDATED', 'REJECTED', 'DISABLED'] as const;
const COLORS: Record<string, string> = { PENDING: 'gold', VALIDATED: 'green', REJECTED: 'red', DISABLED: 'default' };

export default function CompaniesQueuePage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const [selected, setSelected] = useState<string[]>([]);
  const [asking, setAsking] = useState<{ hashes: string[]; status: MemberDecision } | null>(null);
  const { tableProps, filters, setFilters } = useTable<Company>({
    resource: 'companies',
    dataProviderName: 'adm',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { initial: [{ field: 'status', operator: 'eq', value: 'PENDING' }], mode: 'server' },
    sorters: { mode: 'off' },
  });
  const { decide, pending } = useDecision('companies', KEYS, () => {
    setSelected([]);
    setAsking(null);
  });
  const onDecide = (hashes: string[], status: MemberDecision) => (status === 'VALIDATED' ? decide(hashes, status) : setAsking({ hashes, status }));
  const value = (field: string) => (filters.find((f) => 'field' in f && f.field === field)?.value as string | undefined) ?? undefined;
  const status = value('status') as MemberStatus | undefined;
  const setFilter = (field: string, next: string | undefined) => setFilters([{ field, operator: 'eq', value: next || undefined }], 'merge');
  return (
    <section data-testid="admin-companies">
      <Typography.Title level={2}>{t('admin.companies.title')}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select aria-label={t('admin.users.status')} style={{ width: 200 }} value={status ?? ''} onChange={(next) => setFilter('status', next)} options={[{ value: '', label: t('admin.status.all') }, ...STATUSES.map((s) => ({ value: s, label: t(`admin.status.${s}`) }))]} />
        <Input.Search allowClear placeholder={t('admin.companies.search')} style={{ width: 320 }} defaultValue={value('text')} onSearch={(text) => setFilter('text', text.trim())} />
        {selected.length > 0 &&
          (status ? MEMBER_MOVES[status] : []).map((move) => (
            <Button key={move} type={move === 'VALIDATED' ? 'primary' : 'default'} danger={move !== 'VALIDATED'} data-bulk={move} loading={pending} onClick={() => onDecide(selected, move)}>
              {t(`${KEYS}.${move}.bulk`, { count: selected.length })}
            </Button>
          ))}
      </Space>
      <Table<Company>
        {...tableProps}
        rowKey="hash"
        size="middle"
        scroll={{ x: 1100 }}
        rowSelection={status ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined}
        columns={[
          {
            title: t('admin.jobs.company'),
            width: 280,
            render: (_, row) => (
              <>
                <strong>{row.company_name}</strong>
                <div className="muted" style={{ wordBreak: 'break-all' }}>
                  {row.email}
                </div>
                {row.url ? (
                  <a href={row.url} target="_blank" rel="noreferrer noopener">
                    {row.url}
                  </a>
                ) : null}
              </>
            ),
          },
          { title: t('fields.document_number_company'), width: 120, render: (_, row) => row.document_number_company },
          { title: t('fields.contact_name'), width: 200, render: (_, row) => [row.contact_name, row.contact_phone].filter(Boolean).join(' · ') },
          { title: t('admin.companies.offers'), width: 90, render: (_, row) => row.offers ?? 0 },
          ...(status ? [] : [{ title: t('admin.users.status'), width: 120, render: (_: unknown, row: Company) => <Tag color={COLORS[row.status]}>{t(`admin.status.${row.status}`)}</Tag> }]),
          { title: t('admin.users.createdAt'), width: 120, render: (_, row) => formatDate(row.created_at, lng) },
          { title: t('admin.users.actions'), fixed: 'right', width: 200, render: (_, row) => <DecisionButtons member={row} keys={KEYS} onDecide={onDecide} /> },
        ]}
      />
      <DecisionModal status={asking?.status ?? null} count={asking?.hashes.length ?? 0} required={!!asking && REASON_REQUIRED.includes(asking.status)} keys={KEYS} reasonKeys="admin.jobReason" pending={pending} onCancel={() => setAsking(null)} onConfirm={(reason) => asking && decide(asking.hashes, asking.status, reason)} />
    </section>
  );
}
