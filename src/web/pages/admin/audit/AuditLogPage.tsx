/** /{lng}/admin/audit: who did what to whom, when (GET /adm/audit, newest first). */
import { useTable } from '@refinedev/antd';
import { Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, COMPANY_ACTIONS } from '../../../../shared/memberMoves';
import { OFFER_AUDIT_ACTIONS } from '../../../../shared/offerMoves';
import {
  ADMIN_AUDIT_ACTIONS,
  SCHOOL_RECORD_AUDIT_ACTIONS,
  MESSAGE_REPORT_AUDIT_ACTIONS,
  CONTENT_AUDIT_ACTIONS,
  PAYMENT_AUDIT_ACTIONS,
  SETTINGS_AUDIT_ACTION,
  TAXONOMY_AUDIT_ACTIONS,
  WORKGROUP_AUDIT_ACTIONS,
} from '../../../../shared/audit';
import type { Locale } from '../../../../shared/constants';
import { formatDate } from '../../../lib/dates';
import type { AdminAuditItem } from '../users/types';
import { AuditChanges } from './AuditChanges';

export default function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const { tableProps, setFilters } = useTable<AdminAuditItem>({
    resource: 'adm/audit',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
  });
  return (
    <section data-testid="admin-audit">
      <Typography.Title level={2}>{t('admin.audit.title')}</Typography.Title>
      <Select
        aria-label={t('admin.audit.action')}
        style={{ width: 260, marginBottom: 16 }}
        defaultValue=""
        onChange={(value) => setFilters([{ field: 'action', operator: 'eq', value: value || undefined }], 'replace')}
        options={[
          { value: '', label: t('admin.audit.allActions') },
          ...[
            ...AUDIT_ACTIONS,
            ...Object.values(COMPANY_ACTIONS),
            ...OFFER_AUDIT_ACTIONS,
            SETTINGS_AUDIT_ACTION,
            ...TAXONOMY_AUDIT_ACTIONS,
            ...WORKGROUP_AUDIT_ACTIONS,
            ...CONTENT_AUDIT_ACTIONS,
            ...ADMIN_AUDIT_ACTIONS,
            ...PAYMENT_AUDIT_ACTIONS,
            ...SCHOOL_RECORD_AUDIT_ACTIONS,
            ...MESSAGE_REPORT_AUDIT_ACTIONS,
          ].map((a) => ({ value: a, label: t(`admin.action.${a}`) })),
        ]}
      />
      <Table<AdminAuditItem>
        {...tableProps}
        rowKey="hash"
        size="middle"
        scroll={{ x: 900 }}
        columns={[
          { title: t('admin.audit.when'), width: 150, render: (_, row) => formatDate(row.created_at, lng, 'dateTime') },
          {
            title: t('admin.audit.who'),
            render: (_, row) =>
              row.admin.name ? `${row.admin.name} <${row.admin.email ?? ''}>` : (row.admin.email ?? row.admin.hash),
          },
          {
            title: t('admin.audit.action'),
            render: (_, row) => t(`admin.action.${row.action}`, { defaultValue: row.action }),
          },
          {
            title: t('admin.audit.target'),
            render: (_, row) =>
              row.target.type === 'settings'
                ? t('admin.settings.title')
                : `${row.target.type === 'category' || row.target.type === 'tag' ? `${t(`admin.audit.type.${row.target.type}`)}: ` : ''}${row.target.label}${row.target.email ? ` <${row.target.email}>` : ''}`,
          },
          {
            title: t('admin.audit.reason'),
            render: (_, row) => row.reason ?? (row.changes ? <AuditChanges changes={row.changes} /> : '—'),
          },
        ]}
      />
    </section>
  );
}
