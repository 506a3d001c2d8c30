/**
 * One Refine form over a member resource on the `usr` data provider (create or edit), shared by the
 * project and experience pages: the server's 400 field errors come back keyed by field for
 * <SchemaForm serverErrors> (a dotted field such as `links.0.url` is shown on its top-level field),
 * with green/red toasts through the notification provider.
 */
import { useForm, type BaseRecord, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';

type Errors = HttpError & { errors?: Record<string, string[]> };

export interface MemberFormOptions<T> {
  resource: 'portfolios' | 'workExperiences';
  id?: string;
  savedMessage: string;
  onSaved?: (record: T) => void;
}

export function useMemberForm<T extends BaseRecord>({ resource, id, savedMessage, onSaved }: MemberFormOptions<T>) {
  const { t } = useTranslation();
  const form = useForm<T, Errors, Record<string, unknown>>({
    resource,
    id,
    action: id ? 'edit' : 'create',
    dataProviderName: 'usr',
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
    saving: form.mutation.isPending,
    save: form.onFinish,
    serverErrors,
  };
}
