/**
 * The one schema form hook: a Refine form over a resource (create, or edit when `id` is given) — the member's
 * projects, experiences, groups and own profile, a company's offers and profile. The data provider comes from the
 * resource's declaration (src/shared/routes.ts); the server's 400 field errors come back keyed by field for
 * <SchemaForm serverErrors> (`rename` maps a server field to the form's, by default a dotted field such as
 * `links.0.url` is shown on its top-level field), with green/red toasts through the notification provider.
 */
import { useForm, type BaseRecord, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';

type Errors = HttpError & { errors?: Record<string, string[]> };

export interface ResourceFormOptions<T> {
  /** a resource identifier of src/shared/routes.ts (`usr/portfolios`, `com/jobs`) */
  resource: string;
  id?: string;
  savedMessage: string;
  onSaved?: (record: T) => void | Promise<void>;
  rename?: (field: string) => string;
}

const topLevel = (field: string) => field.split('.')[0] || field;

export function useResourceForm<T extends BaseRecord, V extends object = Record<string, unknown>>({
  resource,
  id,
  savedMessage,
  onSaved,
  rename = topLevel,
}: ResourceFormOptions<T>) {
  const { t } = useTranslation();
  const form = useForm<T, Errors, V>({
    resource,
    id,
    action: id ? 'edit' : 'create',
    redirect: false,
    mutationMode: 'pessimistic',
    successNotification: () => ({ type: 'success', message: savedMessage }),
    errorNotification: (error) => ({
      type: 'error',
      message: error?.errors ? t('member.form.fix') : (error?.message ?? t('errors.unexpected.title')),
    }),
    onMutationSuccess: (answer) => onSaved?.(answer.data as T),
  });
  const errors = (form.mutation.error as Errors | null)?.errors;
  const serverErrors: Record<string, string[]> | undefined = errors
    ? Object.entries(errors).reduce<Record<string, string[]>>((out, [field, messages]) => {
        const key = rename(field);
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
    failed: Boolean(form.query?.isError),
    saving: form.mutation.isPending,
    save: form.onFinish,
    serverErrors,
    refetch: async () => void (await form.query?.refetch()),
  };
}
