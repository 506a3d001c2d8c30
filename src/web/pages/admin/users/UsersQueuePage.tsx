/**
 * /{lng}/admin/users: the alumni validation queue and member search (GET /adm/users with useTable):
 * status filter (PENDING by default), text search, pagination, row decisions, bulk selection, detail drawer.
 */
import { useState } from 'react';
import { useTable } from '@refinedev/antd';
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MEMBER_MOVES, MEMBER_STATUSES, REASON_REQUIRED, type MemberDecision, type MemberStatus } from '../../../../shared/memberMoves';
import { DecisionButtons } from './components/DecisionButtons';
import { DecisionModal } from '../components/DecisionModal';
import { MemberDrawer } from './components/MemberDrawer';
import { useDecision } from '../components/useDecision';
import type { Locale } from '../../../../shared/constants';
import { formatDate } from '../../../lib/dates';
import type { AdminUser } from './types';

const STATUS_COLORS: Record<string, string> = { PENDING: 'gold', VALIDATED: 'green', REJECTED: 'red', DISABLED: 'default' };

export default function UsersQueuePage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const [selected, setSelected] = useState<string[]>([]);
  const [shown, setShown] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ hashes: string[]; status: MemberDecision } | null>(null);
  const { tableProps, filters, setFilters } = useTable<AdminUser>({
    resource: 'users',
    dataProviderName: 'adm',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { initial: [{ field: 'status', operator: 'eq', value: 'PENDING' }], mode: 'server' },
    sorters: { mode: 'off' },
  });
  const { decide, pending } = useDecision('users', 'admin.decision', () => {
    setSelected([]);
    setAsking(null);
  });
  const onDecide = (hashes: string[], status: MemberDecision) => (status === 'VALIDATED' ? decide(hashes, status) : setAsking({ hashes, status }));
  const value = (field: string) => (filters.find((f) => 'field' in f && f.field === field)?.value as string | undefined) ?? undefined;
  const status = value('status') as MemberStatus | undefined;
  const setFilter = (field: string, next: string | undefined) => setFilters([{ field, operator: 'eq', value: next || undefined }], 'merge');
  const bulkMoves = status ? MEMBER_MOVES[status] : [];

  return (
    <section data-testid="admin-users">
      <Typography.Title level={2}>{t('admin.users.title')}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('admin.users.status')}
          style={{ width: 200 }}
          value={status ?? ''}
          onChange={(next) => setFilter('status', next)}
          options={[{ value: '', label: t('admin.status.all') }, ...MEMBER_STATUSES.map((s) => ({ value: s, label: t(`admin.status.${s}`) }))]}
        />
        <Input.Search allowClear placeholder={t('admin.users.search')} style={{ width: 320 }} defaultValue={value('text')} onSearch={(text) => setFilter('text', text.trim())} />
        {selected.length > 0 &&
          bulkMoves.map((move) => (
            <Button key={move} type={move === 'VALIDATED' ? 'primary' : 'default'} danger={move !== 'VALIDATED'} data-bulk={move} loading={pending} onClick={() => onDecide(selected, move)}>
              {t(`admin.decision.${move}.bulk`, { count: selected.length })}
            </Button>
          ))}
      </Space>
      <Table<AdminUser>
        {...tableProps}
        rowKey="hash"
        size="middle"
        scroll={{ x: status ? 1120 : 1240 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        onRow={(row) => ({ onDoubleClick: () => setShown(row.hash) })}
        // one column per decision-relevant fact, so the queue fits 1400 px without scrolling sideways;
        // the status column only when the list mixes statuses
        columns={[
          {
            title: t('admin.users.member'),
            width: 280,
            render: (_, row) => (
              <>
                <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => setShown(row.hash)}>
                  {row.status === 'DELETED' ? t('user.formerMember') : `${row.surname1} ${row.surname2 ?? ''}, ${row.name}`}
                </Button>
                <div className="admin-member-email" data-testid="member-email">
                  <span style={{ wordBreak: 'break-all' }}>{row.email}</span> {row.email_confirmed === false && <Tag color="orange">{t('admin.users.unconfirmed')}</Tag>}
                </div>
              </>
            ),
          },
          { title: t('admin.users.document'), width: 140, render: (_, row) => `${row.document_type ?? ''} ${row.document_number ?? '—'}` },
          { title: t('admin.users.studies'), width: 200, render: (_, row) => [row.category?.title, row.graduation_year].filter(Boolean).join(' · ') || '—' },
          { title: t('admin.users.requested'), width: 140, render: (_, row) => <Tag color={row.requested_role === 'BOLD' ? 'purple' : 'blue'}>{t(`role.${row.requested_role}`)}</Tag> },
          ...(status ? [] : [{ title: t('admin.users.status'), width: 120, render: (_: unknown, row: AdminUser) => <Tag color={STATUS_COLORS[row.status]}>{t(`admin.status.${row.status}`)}</Tag> }]),
          { title: t('admin.users.createdAt'), width: 120, render: (_, row) => formatDate(row.created_at, lng) },
          { title: t('admin.users.actions'), fixed: 'right', width: 200, render: (_, row) => <DecisionButtons member={row} onDecide={onDecide} /> },
        ]}
      />
      <MemberDrawer hash={shown} onClose={() => setShown(null)} onDecide={onDecide} />
      <DecisionModal status={asking?.status ?? null} count={asking?.hashes.length ?? 0} required={!!asking && REASON_REQUIRED.includes(asking.status)} keys="admin.decision" pending={pending} onCancel={() => setAsking(null)} onConfirm={(reason) => asking && decide(asking.hashes, asking.status, reason)} />
    </section>
  );
}
