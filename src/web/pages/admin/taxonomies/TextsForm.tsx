/** A category's or tag's name in es, en and ca, side by side on wide screens (schemas/taxonomy.texts.json). */
import type { UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../forms/SchemaForm';
import type { FormName } from '../../../forms/catalog';

export interface Texts {
  es: { title: string };
  en: { title: string };
  ca: { title: string };
}

/** The three languages' sub-forms, labelled by language (each `title` is that language's name). */
export function useTextsUi(): UiSchema {
  const { t } = useTranslation();
  // one line per language: the language names the field (the object around it shows no title of its own)
  const language = (lng: string) => ({
    'ui:label': false,
    title: { 'ui:title': t('admin.taxonomies.nameIn', { language: t(`lang.${lng}`) }), 'ui:autofocus': lng === 'es' },
  });
  return { 'ui:classNames': 'texts-form', es: language('es'), en: language('en'), ca: language('ca') };
}

interface Props<T> {
  form: Extract<FormName, 'taxonomyTexts' | 'adminTagNew'>;
  id: string;
  formData?: Partial<T>;
  submitText: string;
  submitting: boolean;
  serverErrors?: Record<string, string[]>;
  uiSchema?: UiSchema;
  onSubmit: (values: T) => void;
}

export function TextsForm<T>({ form, uiSchema, ...props }: Props<T>) {
  const textsUi = useTextsUi();
  return (
    <SchemaForm<T>
      form={form}
      uiSchema={form === 'taxonomyTexts' ? { ...textsUi, ...uiSchema } : { texts: textsUi, ...uiSchema }}
      {...props}
    />
  );
}
