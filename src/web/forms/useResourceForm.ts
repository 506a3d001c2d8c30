/**
 * One Refine form over an area's resource (create or edit) — the member's projects and experiences on `usr`,
 * a company's offers on `com`: the server's 400 field errors come back keyed by field for
 * <SchemaForm serverErrors> (a dotted field such as `links.0.url` is shown on its top-level field),
 * with green/red toasts through the notification provider.
 */
import { useForm, type BaseRecord, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';

type Errors = HttpError & { errors?: Record<string, string[]> };

export interface ResourceFormOptions<T> {
  resource: string;
  /** the area's data provider (`usr` by default) */
  dataProviderName?: 'usr' | 'com';
  id?: string;
  savedMessage: string;
  onSaved?: (record: T) => void;
}

export function useResourceForm<T extends BaseRecord>({ resource, dataProviderName = 'usr', id, savedMessage, onSaved }: ResourceFormOptions<T>) {
  const { t } = useTranslation();
  const form = useForm<T, Errors, Record<string, unknown>>({
    resource,
    id,
    action: id ? 'edit' : 'create',
    dataProviderName,
    redirect: false,
    mutationMode: 'pessimistic',
    successNotification: () => ({ type: 'success', message: savedMessage }),
    errorNotification: (error) => ({ type: 'error', message: error?.errors ? t('member.form.fix') : (error?.message ?? t('errors.unexpected.title')) }),
    onMutationSuccess: (answer) => onSaved?.(answer.data as T),
  });
  const errors = (form.mutation.error as Errors | null)?.errors;
  const serverErrors: Record<string, string[]> | undefined = errors
    ? Object.entries(errors).reduce<Record<string, string[]>>((out, [field, messages]) => {
        const key = field.split('.')[0] || field;
        out[key] = [...(out[key] ?? []), ...(messages as string[])];
        return out;
      }, {})
    : undefined;
  return {
    record: form.query?.data?.data as T | undefined,
    loading: form.formLoading,
    notFound: (form.query?.error as HttpError | null)?.statusCode === 404,
    /** The load's failure (SPEC §8: a 5xx shows the server-error page). */
    loadError: (form.query?.error as HttpError | null) ?? null,
    saving: form.mutation.isPending,
    save: form.onFinish,
    serverErrors,
  };
}
