/**
 * What <SchemaForm> hands rjsf besides the schema: the uiSchema. Labels come from locales/ (`fields.<name>`), never
 * from the schema. Descriptions in schemas/ are notes for maintainers and are taken out of every form's schema at build
 * time (formSchema() in scripts/precompile-validators.ts, issue 25 §2); help for users is a translation,
 * `fieldHelp.<name>`, shown only when locales/ has it.
 */
import type { UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';

export function formUiSchema(
  schema: { properties?: Record<string, unknown> },
  t: TFunction,
  exists: (key: string) => boolean,
  uiSchema: UiSchema,
  submit: { submitText: string; submitting?: boolean },
): UiSchema {
  const out: UiSchema = {
    ...uiSchema,
    'ui:title': '',
    'ui:submitButtonOptions': {
      submitText: submit.submitText,
      props: { type: 'primary', loading: submit.submitting, block: true, size: 'large' },
    },
  };
  for (const key of Object.keys(schema.properties ?? {})) {
    const help = `fieldHelp.${key}`;
    out[key] = {
      'ui:title': t(`fields.${key}`),
      ...(exists(help) ? { 'ui:description': t(help) } : {}),
      ...(uiSchema[key] as object),
    };
  }
  return out;
}
