/** An edit's changed fields in the audit log: name, value before → value after. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditItem } from '../../../../shared/audit';

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

export function AuditChanges({ changes }: { changes: NonNullable<AuditItem['changes']> }) {
  const { t } = useTranslation();
  return (
    <ul className="audit-changes" style={{ margin: 0, paddingInlineStart: 16 }}>
      {Object.entries(changes).map(([field, { before, after }]) => (
        <li key={field}>
          <Typography.Text strong>{t(`admin.settings.field.${field}`, { defaultValue: field })}</Typography.Text>:{' '}
          <Typography.Text delete type="secondary">
            {shown(before)}
          </Typography.Text>{' '}
          → {shown(after)}
        </li>
      ))}
    </ul>
  );
}
