/** One school record's edit (PATCH /adm/schoolRecords/{hash}), a form rendered from schemas/admin.schoolRecord.write.json. */
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../forms/SchemaForm';
import { useResourceForm } from '../../../forms/useResourceForm';
import type { SchoolRecord } from './types';

const EDITABLE = [
  'name',
  'surname1',
  'surname2',
  'email',
  'study',
  'first_year',
  'last_year',
  'graduated_on',
  'kind',
] as const;

function EditForm({ record, onClose }: { record: SchoolRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useResourceForm<SchoolRecord>({
    resource: 'adm/schoolRecords',
    id: record.hash,
    savedMessage: t('admin.schoolRecords.saved'),
    onSaved: onClose,
  });
  const formData = Object.fromEntries(EDITABLE.map((key) => [key, record[key] ?? undefined]));
  return (
    <SchemaForm<Record<string, unknown>>
      id="form-schoolRecord"
      form="schoolRecord"
      formData={formData}
      submitText={t('admin.schoolRecords.save')}
      submitting={form.saving}
      serverErrors={form.serverErrors}
      uiSchema={{
        kind: {
          'ui:enumNames': ['STUDENT', 'STAFF', 'PROFESSOR'].map((kind) => t(`admin.schoolRecords.kinds.${kind}`)),
        },
      }}
      onSubmit={(values) => void form.save(values).catch(() => undefined)}
    />
  );
}

export function SchoolRecordDrawer({ record, onClose }: { record: SchoolRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={!!record} onClose={onClose} title={t('admin.schoolRecords.edit')} width={520} destroyOnClose>
      {record && <EditForm record={record} onClose={onClose} />}
    </Drawer>
  );
}
