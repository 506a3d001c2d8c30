/**
 * What the payments and subscriptions lists of the back office share: a server-filtered Refine table of 20 rows over
 * an `adm` resource, and its filter bar (member search, status, method; a page adds its own filters after them).
 */
import type { ReactNode } from 'react';
import { useTable } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

const METHODS = ['CARD', 'DEBIT'] as const;

/** useTable over `resource` with its filters read and set one field at a time. */
export function useMembershipTable<Row extends BaseRecord>(resource: string) {
  const table = useTable<Row>({
    resource,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
    filters: { mode: 'server' },
  });
  const { filters, setFilters } = table;
  const value = (field: string) => filters.find((f) => 'field' in f && f.field === field)?.value as string | undefined;
  const setFilter = (field: string, next: string | undefined) =>
    setFilters([{ field, operator: 'eq', value: next || undefined }], 'merge');
  return { ...table, value, setFilter };
}

/** The filter bar: member search, status (`statuses`, labelled under `statusKey`), method, then `children`. */
export function MembershipFilters({
  value,
  setFilter,
  statuses,
  statusKey,
  statusTestId,
  children,
}: {
  value: (field: string) => string | undefined;
  setFilter: (field: string, next: string | undefined) => void;
  statuses: readonly string[];
  /** the locale key the status labels live under: `admin.payments.status`, `admin.subscriptions.status` */
  statusKey: string;
  statusTestId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t('admin.payments.search')}
        aria-label={t('admin.payments.search')}
        style={{ width: 320, maxWidth: '100%' }}
        onSearch={(text) => setFilter('q', text.trim())}
      />
      <Select
        aria-label={t('admin.payments.statusLabel')}
        style={{ width: 170 }}
        value={value('status') ?? ''}
        onChange={(next) => setFilter('status', next)}
        options={[
          { value: '', label: t('admin.payments.allStatuses') },
          ...statuses.map((status) => ({ value: status, label: t(`${statusKey}.${status}`) })),
        ]}
        data-testid={statusTestId}
      />
      <Select
        aria-label={t('admin.payments.methodLabel')}
        style={{ width: 170 }}
        value={value('method') ?? ''}
        onChange={(next) => setFilter('method', next)}
        options={[
          { value: '', label: t('admin.payments.allMethods') },
          ...METHODS.map((method) => ({ value: method, label: t(`admin.payments.method.${method}`) })),
        ]}
      />
      {children}
    </Space>
  );
}
