/** Status changes of applications (PATCH /com/jobs/{hash}/users[/{applicant}]) through Refine's mutations; the list refreshes after each. */
import { useCustomMutation, useInvalidate, useNotification } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Decision } from './types';

interface BulkAnswer {
  ok: number;
  failed: number;
}

export function useCandidateMoves(job: string, onDone: () => void) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation<BulkAnswer>();
  const path = `/com/jobs/${job}/users`;
  const refresh = () => {
    void invalidate({ resource: 'com/applicants', invalidates: ['list'] });
    onDone();
  };
  const move = (hashes: string[], status: Decision) =>
    mutate(
      {
        url: hashes.length === 1 ? `${path}/${hashes[0]}` : path,
        method: 'patch',
        values: hashes.length === 1 ? { status } : { hashes, status },
        successNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          const failed = hashes.length > 1 ? data.failed : 0;
          open?.({
            type: failed ? 'error' : 'success',
            message: t(`candidates.moved.${status}`, { count: hashes.length > 1 ? data.ok : 1 }),
            description: failed ? t('admin.bulkFailed', { count: failed }) : undefined,
          });
          refresh();
        },
      },
    );
  return { move, moving: mutation.isPending };
}
