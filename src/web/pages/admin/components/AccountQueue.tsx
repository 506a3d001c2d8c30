/**
 * The validation queue of accounts — members and companies move along the same table (shared/memberMoves.ts): a
 * Refine useTable over `adm` (PENDING first, 20 a page), a status filter and text search, bulk decisions on the
 * selected rows, the decision buttons of each row and the reason dialog. The page gives its resource, texts and the
 * columns that describe its accounts; the status, date and actions columns are the same for both.
 */
import { useState, type ReactNode } from 'react';
import type { AdminCompany } from '../../../../shared/schema-types';
import { useTable } from '@refinedev/antd';
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MEMBER_MOVES,
  MEMBER_STATUSES,
  REASON_REQUIRED,
  type MemberDecision,
  type MemberStatus,
} from '../../../../shared/memberMoves';
import type { Locale } from '../../../../shared/constants';
import { formatDate } from '../../../lib/dates';
import { DecisionButtons } from '../users/components/DecisionButtons';
import { DecisionModal } from './DecisionModal';
import { useDecision } from './useDecision';

const STATUS_COLORS: Record<string, string> = {
  PENDING: 'gold',
  VALIDATED: 'green',
  REJECTED: 'red',
  DISABLED: 'default',
};

/** What the queue reads of a member or a company (schemas/admin.user.json, admin.company.json), decided by the shared unions. */
export type QueueRow = Pick<AdminCompany, 'hash' | 'created_at'> & { status: MemberStatus; moves: MemberDecision[] };

export type OnDecide = (hashes: string[], status: MemberDecision) => void;

interface Props<T extends QueueRow> {
  resource: 'users' | 'companies';
  /** data-testid of the section */
  testId: string;
  title: string;
  searchPlaceholder: string;
  /** locale prefix of the decisions' texts (`admin.decision`, `admin.companyDecision`) */
  keys: string;
  reasonKeys?: string;
  columns: (onDecide: OnDecide) => ColumnsType<T>;
  scrollX: (statusFiltered: boolean) => number;
  onRow?: TableProps<T>['onRow'];
  /** what the page adds below the table (the member drawer), given the decision handler */
  children?: (onDecide: OnDecide) => ReactNode;
  /** buttons beside the filters, given the list's current filters (the members export) */
  tools?: (filters: { status?: string; text?: string }) => ReactNode;
}

export function AccountQueue<T extends QueueRow>({
  resource,
  testId,
  title,
  searchPlaceholder,
  keys,
  reasonKeys,
  columns,
  scrollX,
  onRow,
  children,
  tools,
}: Props<T>) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const [selected, setSelected] = useState<string[]>([]);
  const [asking, setAsking] = useState<{ hashes: string[]; status: MemberDecision } | null>(null);
  const { tableProps, filters, setFilters } = useTable<T>({
    resource: `adm/${resource}`,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { initial: [{ field: 'status', operator: 'eq', value: 'PENDING' }], mode: 'server' },
    sorters: { mode: 'off' },
  });
  const { decide, pending } = useDecision(resource, keys, () => {
    setSelected([]);
    setAsking(null);
  });
  // validating needs no reason; the other decisions ask for one (required to reject)
  const onDecide: OnDecide = (hashes, status) =>
    status === 'VALIDATED' ? decide(hashes, status) : setAsking({ hashes, status });
  const value = (field: string) =>
    (filters.find((f) => 'field' in f && f.field === field)?.value as string | undefined) ?? undefined;
  const status = value('status') as MemberStatus | undefined;
  const setFilter = (field: string, next: string | undefined) =>
    setFilters([{ field, operator: 'eq', value: next || undefined }], 'merge');

  return (
    <section data-testid={testId}>
      <Typography.Title level={2}>{title}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('admin.users.status')}
          style={{ width: 200 }}
          value={status ?? ''}
          onChange={(next) => setFilter('status', next)}
          options={[
            { value: '', label: t('admin.status.all') },
            ...MEMBER_STATUSES.filter((s) => s !== 'DELETED' || resource === 'users').map((s) => ({
              value: s,
              label: t(`admin.status.${s}`),
            })),
          ]}
        />
        <Input.Search
          allowClear
          placeholder={searchPlaceholder}
          style={{ width: 320 }}
          defaultValue={value('text')}
          onSearch={(text) => setFilter('text', text.trim())}
        />
        {tools?.({ status, text: value('text') })}
        {selected.length > 0 &&
          (status ? MEMBER_MOVES[status] : []).map((move) => (
            <Button
              key={move}
              type={move === 'VALIDATED' ? 'primary' : 'default'}
              danger={move !== 'VALIDATED'}
              data-bulk={move}
              loading={pending}
              onClick={() => onDecide(selected, move)}
            >
              {t(`${keys}.${move}.bulk`, { count: selected.length })}
            </Button>
          ))}
      </Space>
      <Table<T>
        {...tableProps}
        rowKey="hash"
        size="middle"
        scroll={{ x: scrollX(!!status) }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (rowKeys) => setSelected(rowKeys as string[]),
          getCheckboxProps: (row) => ({
            disabled: false,
            'aria-label': t('admin.selectRow', {
              name: (row as { email?: string; name?: string }).email ?? (row as { name?: string }).name ?? row.hash,
            }),
          }),
        }}
        onRow={onRow}
        // the status column only when the list mixes statuses
        columns={[
          ...columns(onDecide),
          ...(status
            ? []
            : [
                {
                  title: t('admin.users.status'),
                  width: 120,
                  render: (_: unknown, row: T) => (
                    <Tag color={STATUS_COLORS[row.status]}>{t(`admin.status.${row.status}`)}</Tag>
                  ),
                },
              ]),
          {
            title: t('admin.users.createdAt'),
            width: 120,
            render: (_: unknown, row: T) => formatDate(row.created_at, lng),
          },
          {
            title: t('admin.users.actions'),
            fixed: 'right' as const,
            width: 200,
            render: (_: unknown, row: T) => <DecisionButtons member={row} keys={keys} onDecide={onDecide} />,
          },
        ]}
      />
      {children?.(onDecide)}
      <DecisionModal
        status={asking?.status ?? null}
        count={asking?.hashes.length ?? 0}
        required={!!asking && REASON_REQUIRED.includes(asking.status)}
        keys={keys}
        reasonKeys={reasonKeys}
        pending={pending}
        onCancel={() => setAsking(null)}
        onConfirm={(reason) => asking && decide(asking.hashes, asking.status, reason)}
      />
    </section>
  );
}
