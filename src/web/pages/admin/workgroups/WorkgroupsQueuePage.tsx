/**
 * /{lng}/admin/workgroups (issue 12 §1): the group review queue — GET /adm/workgroups with useTable, PENDING by
 * default, text search, each row opening to the group's description, decisions the server offers (`moves`: publish;
 * reject or take down with a reason its creator receives), bulk selection.
 */
import { useState } from 'react';
import type { AdminWorkgroup } from '../../../../shared/schema-types';
import { useTable } from '@refinedev/antd';
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/constants';
import { formatDate } from '../../../lib/dates';
import { GroupStatusTag } from '../../user/workgroups/GroupStatusTag';
import type { GroupStatus } from '../../user/workgroups/types';
import { DecisionModal } from '../components/DecisionModal';
import { useDecision } from '../components/useDecision';

/** A group in the review queue (schemas/admin.workgroup.json). */
type QueueGroup = Omit<AdminWorkgroup, 'status' | 'moves'> & {
  status: GroupStatus;
  moves: Array<'PUBLISHED' | 'REJECTED'>;
};

const KEYS = 'admin.groupDecision';
const STATUSES: GroupStatus[] = ['PENDING', 'PUBLISHED', 'REJECTED', 'UNPUBLISHED'];

export default function WorkgroupsQueuePage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const [selected, setSelected] = useState<string[]>([]);
  const [asking, setAsking] = useState<{ hashes: string[]; from: GroupStatus } | null>(null);
  const { tableProps, filters, setFilters } = useTable<QueueGroup>({
    resource: 'adm/workgroups',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { initial: [{ field: 'status', operator: 'eq', value: 'PENDING' }], mode: 'server' },
    sorters: { mode: 'off' },
  });
  const { decide, pending } = useDecision('workgroups', KEYS, () => {
    setSelected([]);
    setAsking(null);
  });
  const value = (field: string) =>
    (filters.find((f) => 'field' in f && f.field === field)?.value as string | undefined) ?? undefined;
  const status = value('status') as GroupStatus | undefined;
  const setFilter = (field: string, next: string | undefined) =>
    setFilters([{ field, operator: 'eq', value: next || undefined }], 'merge');
  // a rejection (or taking a published group down) needs the reason its creator will read
  const onDecide = (hashes: string[], from: GroupStatus, to: 'PUBLISHED' | 'REJECTED') =>
    to === 'REJECTED' ? setAsking({ hashes, from }) : decide(hashes, to);
  const label = (from: GroupStatus, to: string) => (to === 'REJECTED' && from === 'PUBLISHED' ? 'REMOVED' : to);
  const bulkMoves: Array<'PUBLISHED' | 'REJECTED'> =
    status === 'PENDING' ? ['PUBLISHED', 'REJECTED'] : status === 'PUBLISHED' ? ['REJECTED'] : [];
  return (
    <section data-testid="admin-workgroups">
      <Typography.Title level={2}>{t('admin.groups.title')}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('groups.statusLabel')}
          style={{ width: 220 }}
          value={status ?? ''}
          onChange={(next) => setFilter('status', next)}
          options={[
            { value: '', label: t('offers.allStatuses') },
            ...STATUSES.map((s) => ({ value: s, label: t(`groups.status.${s}`) })),
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('admin.groups.search')}
          style={{ width: 320 }}
          defaultValue={value('text')}
          onSearch={(text) => setFilter('text', text.trim())}
        />
        {selected.length > 0 &&
          status &&
          bulkMoves.map((move) => (
            <Button
              key={move}
              type={move === 'PUBLISHED' ? 'primary' : 'default'}
              danger={move === 'REJECTED'}
              data-bulk={move}
              loading={pending}
              onClick={() => onDecide(selected, status, move)}
            >
              {t(`${KEYS}.${label(status, move)}.bulk`, { count: selected.length })}
            </Button>
          ))}
      </Space>
      <Table<QueueGroup>
        {...tableProps}
        rowKey="hash"
        size="middle"
        scroll={{ x: 1000 }}
        rowSelection={
          bulkMoves.length
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
                getCheckboxProps: (row) => ({
                  disabled: false,
                  'aria-label': t('admin.selectRow', { name: row.name }),
                }),
              }
            : undefined
        }
        expandable={{
          expandedRowRender: (row) => (
            <div data-testid="group-preview">
              <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{row.description}</Typography.Paragraph>
              {row.reason ? (
                <Typography.Paragraph type="danger">{`${t('groups.rejectedBecause')} ${row.reason}`}</Typography.Paragraph>
              ) : null}
            </div>
          ),
        }}
        columns={[
          {
            title: t('groups.name'),
            width: 300,
            render: (_, row) => (
              <>
                <strong>{row.name}</strong>
                <div>
                  <Tag>{t(`workgroups.type.${row.type}`)}</Tag>
                  {row.typology ? <Tag>{t(`workgroups.typology.${row.typology}`)}</Tag> : null}
                </div>
              </>
            ),
          },
          {
            title: t('admin.groups.creator'),
            width: 240,
            render: (_, row) => (
              <>
                {row.admin.name}
                <div className="muted" style={{ wordBreak: 'break-all' }}>
                  {row.admin.email}
                </div>
              </>
            ),
          },
          ...(status
            ? []
            : [
                {
                  title: t('groups.statusLabel'),
                  width: 140,
                  render: (_: unknown, row: QueueGroup) => <GroupStatusTag status={row.status} />,
                },
              ]),
          { title: t('offers.created'), width: 120, render: (_, row) => formatDate(row.created_at, lng) },
          {
            title: t('admin.users.actions'),
            fixed: 'right',
            width: 220,
            render: (_, row) => (
              <Space wrap size={4}>
                {row.moves.map((move) => (
                  <Button
                    key={move}
                    size="small"
                    type={move === 'PUBLISHED' ? 'primary' : 'default'}
                    danger={move === 'REJECTED'}
                    loading={pending}
                    data-move={move}
                    onClick={() => onDecide([row.hash], row.status, move)}
                  >
                    {t(`${KEYS}.${label(row.status, move)}.action`)}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <DecisionModal
        status={asking ? label(asking.from, 'REJECTED') : null}
        count={asking?.hashes.length ?? 0}
        required
        keys={KEYS}
        reasonKeys="admin.groupReason"
        pending={pending}
        onCancel={() => setAsking(null)}
        onConfirm={(reason) => asking && decide(asking.hashes, 'REJECTED', reason)}
      />
    </section>
  );
}
