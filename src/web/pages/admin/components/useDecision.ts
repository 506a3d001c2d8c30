/**
 * Applies a back-office decision to one record (PATCH /adm/{resource}/{hash}) or several (PATCH /adm/{resource}),
 * shared by the member and offer queues; `keys` is the queue's translation prefix for the toasts.
 */
import { useCustomMutation, useInvalidate, useNotification, useUpdate } from '@refinedev/core';
import type { AdminUsersBulkResult } from '../../../../shared/schema-types';
import { useTranslation } from 'react-i18next';

type BulkAnswer = AdminUsersBulkResult;

export function useDecision(name: 'users' | 'companies' | 'jobs' | 'workgroups', keys: string, onDone: () => void) {
  const resource = `adm/${name}` as const;
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutate: update, mutation: single } = useUpdate();
  const { mutate: custom, mutation: many } = useCustomMutation<BulkAnswer>();

  const refresh = () => {
    void invalidate({ resource, invalidates: ['list', 'detail'] });
    void invalidate({ resource: 'adm/audit', invalidates: ['list'] });
    onDone();
  };

  const decide = (hashes: string[], status: string, reason?: string) => {
    const values = reason ? { status, reason } : { status };
    if (hashes.length === 1) {
      update(
        {
          resource,
          id: hashes[0]!,
          values,
          successNotification: () => ({ type: 'success', message: t(`${keys}.${status}.done`, { count: 1 }) }),
        },
        { onSuccess: refresh },
      );
      return;
    }
    custom(
      { url: `/${resource}`, method: 'patch', values: { hashes, ...values }, successNotification: false },
      {
        onSuccess: ({ data }) => {
          open?.({
            type: data.failed ? 'error' : 'success',
            message: t(`${keys}.${status}.done`, { count: data.ok }),
            description: data.failed ? t('admin.bulkFailed', { count: data.failed }) : undefined,
          });
          refresh();
        },
      },
    );
  };
  return { decide, pending: single.isPending || many.isPending };
}
