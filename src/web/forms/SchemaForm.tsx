/**
 * The bridge between a JSON Schema in schemas/ and a form (DESIGN §2): rjsf's antd theme renders it,
 * the validator precompiled from the same schema checks it as the server will, labels come from
 * locales/ (`fields.<name>`), and the server's 400 field errors are shown on the fields they name.
 * A form is named in src/web/forms/catalog.ts (its schema file and shown fields); its schema and validators are a
 * chunk of their own, loaded when the form is first shown (or earlier: validator.ts preloadForms).
 */
import { Suspense, use, useEffect, useMemo, useRef } from 'react';
import { ThemedForm as Form } from './theme';
import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../shared/constants';
import type { FormName } from './catalog';
import { formUiSchema } from './formUi';
import { SelectWidget } from './widgets/SelectWidget';
import { Spinner } from '../components/Spinner';
import { loadForm, makeTransformErrors, validatorFor } from './validator';

export interface SchemaFormProps<T> {
  /** The form of src/web/forms/catalog.ts: its schema, the fields it shows, its validator. */
  form: FormName;
  uiSchema?: UiSchema;
  formData?: Partial<T>;
  submitText: string;
  submitting?: boolean;
  /** Field errors from the server's 400 answer: `{ field: [message] }`. */
  serverErrors?: Record<string, string[]>;
  onSubmit: (data: T) => void;
  /** Every change, for forms whose other parts follow what is chosen (a schedule shown only for SCHEDULED). */
  onChange?: (data: T) => void;
  id?: string;
}

// enum fields: the placeholder is not an option (widgets/SelectWidget.tsx)
const WIDGETS = { SelectWidget };

/** `{ 'texts.en.slug': [message] }` as rjsf's nested error schema, so a nested field shows its own error. */
function toErrorSchema(errors: Record<string, string[]> = {}): ErrorSchema {
  const out: Record<string, unknown> = {};
  for (const [field, messages] of Object.entries(errors)) {
    let node = out as Record<string, unknown>;
    for (const part of field.split('.')) node = (node[part] ??= {}) as Record<string, unknown>;
    node['__errors'] = [...((node['__errors'] as string[] | undefined) ?? []), ...messages];
  }
  return out as ErrorSchema;
}

/** The form once its schema and validators have come (its own chunk, see validator.ts loadForm). */
export function SchemaForm<T>(props: SchemaFormProps<T>) {
  return (
    <Suspense fallback={<Spinner />}>
      <LoadedSchemaForm {...props} />
    </Suspense>
  );
}

function LoadedSchemaForm<T>({
  form,
  uiSchema = {},
  formData,
  submitText,
  submitting,
  serverErrors,
  onSubmit,
  onChange,
  id,
}: SchemaFormProps<T>) {
  const loaded = use(loadForm(form));
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const visibleSchema = loaded.schema;
  // the data being checked, for the "required" wording of an empty text (makeTransformErrors)
  const latest = useRef<unknown>(formData);
  useEffect(() => {
    latest.current = formData;
  }, [formData]);
  const ui = useMemo<UiSchema>(
    () => formUiSchema(visibleSchema, t, (key) => i18n.exists(key), uiSchema, { submitText, submitting }),
    [uiSchema, visibleSchema, submitText, submitting, t, i18n],
  );

  return (
    <Form
      className="schema-form"
      id={id}
      schema={visibleSchema}
      uiSchema={ui}
      widgets={WIDGETS}
      formData={formData}
      validator={validatorFor(form, loaded, lng)}
      // eslint-disable-next-line react-hooks/refs -- the ref is read when rjsf validates, not while rendering
      transformErrors={makeTransformErrors(t, ui, { data: () => latest.current, schema: visibleSchema })}
      extraErrors={toErrorSchema(serverErrors)}
      showErrorList={false}
      noHtml5Validate
      onError={() => undefined /* the messages are on the fields; rjsf would also log them */}
      onChange={({ formData: data }) => {
        latest.current = data;
        onChange?.(data as T);
      }}
      onSubmit={({ formData: data }) => onSubmit(data as T)}
    />
  );
}
