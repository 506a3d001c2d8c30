/**
 * A member's toggle on a public resource from their own lists: `PATCH /api/<resource>/<id>/<action>` with `{}`
 * (unsave, cancel a registration, withdraw or re-send an application, leave a group). Refine refetches the
 * resource's lists afterwards, so the row moves or disappears; the server's refusals (418) show as a red toast.
 */
import { useUpdate, type HttpError } from '@refinedev/core';
import type { Toggle } from '../../../../shared/schema-types';
import { useFeedback } from '../../../providers/notifications';

export type ToggleAnswer = Toggle;

export function useToggle(resource: 'articles' | 'jobs' | 'workgroups', action: 'save' | 'subscribe') {
  const feedback = useFeedback();
  const { mutate, mutation } = useUpdate<ToggleAnswer, HttpError>();
  const run = (id: string, done: (answer: ToggleAnswer) => string) =>
    mutate(
      {
        resource,
        id,
        values: {},
        meta: { action },
        mutationMode: 'pessimistic',
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => feedback.success(done(data)),
        onError: (error) => feedback.error(error.message),
      },
    );
  return {
    run,
    pending: mutation.isPending,
    pendingId: mutation.isPending ? String(mutation.variables?.id ?? '') : null,
  };
}
