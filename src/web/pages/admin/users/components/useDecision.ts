/** Applies a decision to one member (PATCH /adm/users/{hash}) or several (PATCH /adm/users). */
import { useCustomMutation, useInvalidate, useNotification, useUpdate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { MemberDecision } from '../../../../../shared/memberMoves';

interface BulkAnswer {
  ok: number;
  failed: number;
  results: Array<{ hash: string; statusCode: number; message?: string }>;
}

export function useDecision(onDone: () => void) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutate: update, mutation: single } = useUpdate();
  const { mutate: custom, mutation: many } = useCustomMutation<BulkAnswer>();

  const refresh = () => {
    void invalidate({ resource: 'users', dataProviderName: 'adm', invalidates: ['list', 'detail'] });
    void invalidate({ resource: 'audit', dataProviderName: 'adm', invalidates: ['list'] });
    onDone();
  };

  const decide = (hashes: string[], status: MemberDecision, reason?: string) => {
    const values = reason ? { status, reason } : { status };
    if (hashes.length === 1) {
      update(
        { resource: 'users', id: hashes[0]!, values, dataProviderName: 'adm', successNotification: () => ({ type: 'success', message: t(`admin.decision.${status}.done`, { count: 1 }) }) },
        { onSuccess: refresh },
      );
      return;
    }
    custom(
      { url: 'users', method: 'patch', values: { hashes, ...values }, dataProviderName: 'adm', successNotification: false },
      {
        onSuccess: ({ data }) => {
          open?.({ type: data.failed ? 'error' : 'success', message: t(`admin.decision.${status}.done`, { count: data.ok }), description: data.failed ? t('admin.bulkFailed', { count: data.failed }) : undefined });
          refresh();
        },
      },
    );
  };
  return { decide, pending: single.isPending || many.isPending };
}
