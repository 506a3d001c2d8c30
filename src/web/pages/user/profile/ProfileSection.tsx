/** One form of the profile (a tab, the settings or the bank account; also the company's profile), rendered from its schema by <SchemaForm>. */
import { useMemo } from 'react';
import type { UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../forms/SchemaForm';
import { FORMS, type FormName } from '../../../forms/catalog';

/** What a section needs of its account's Refine form (useProfileForm here, useCompanyForm for companies). */
export interface AccountFormState {
  me: Record<string, unknown> | undefined;
  saving: boolean;
  save: (values: Record<string, unknown>) => Promise<unknown>;
  serverErrors: Record<string, string[]> | undefined;
}

interface Props {
  form: FormName;
  profile: AccountFormState;
  uiSchema?: UiSchema;
  /** The body to PATCH (default: the form's values as they are). */
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** The form's initial values (default: the member's values of the form's fields). */
  initial?: Record<string, unknown>;
}

/** rjsf leaves an emptied field out: send null so the server clears it. */
function withNulls(values: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((field) => [field, values[field] === undefined || values[field] === '' ? null : values[field]]),
  );
}

export function ProfileSection({ form, profile, uiSchema, toBody, initial }: Props) {
  const { t } = useTranslation();
  const fields = (FORMS[form] as { fields?: readonly string[] }).fields;
  const me = profile.me;
  const formData = useMemo(() => {
    if (initial) return initial;
    if (!me || !fields) return {};
    return Object.fromEntries(
      fields.filter((field) => me[field] !== null && me[field] !== undefined).map((field) => [field, me[field]]),
    );
  }, [initial, me, fields]);
  return (
    <SchemaForm<Record<string, unknown>>
      id={`form-${form}`}
      form={form}
      uiSchema={uiSchema}
      formData={formData}
      submitText={t('profile.save')}
      submitting={profile.saving}
      serverErrors={profile.serverErrors}
      onSubmit={(values) =>
        void profile.save(toBody ? toBody(values) : fields ? withNulls(values, fields) : values).catch(() => undefined)
      }
    />
  );
}
