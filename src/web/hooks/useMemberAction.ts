import { useState } from 'react';
import type { Toggle } from '../../shared/schema-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpError } from '@refinedev/core';
import type { Permission } from '../../shared/permissions';
import { allows } from '../providers/access';
import { useSiteInit } from './useSiteInit';
import type { PromptKind } from '../components/MemberPrompt';
import { request } from '../providers/http';
import { useFeedback } from '../providers/notifications';
import { useIdentity } from './useIdentity';

/**
 * A member's toggle on a public resource (save, subscribe, apply, join): `PATCH /api/<resource>/<id>/<action>`.
 * Who may act is the server's decision; the page asks first so visitors and Regular members get the
 * right prompt instead of an error. Public pages do without Refine (issue 9 §2): a plain mutation, after
 * which every data query (public pages' and the member area's) is refreshed.
 */
export function useMemberAction(resource: string, id: string, action: string, permission: Permission) {
  const me = useIdentity();
  const init = useSiteInit();
  const client = useQueryClient();
  const feedback = useFeedback();
  const [prompt, setPrompt] = useState<PromptKind>(null);
  const mutation = useMutation<Toggle, HttpError, Record<string, unknown> | undefined>({
    mutationFn: (body) =>
      request<Toggle>('api', `${resource}/${encodeURIComponent(id)}/${action}`, { method: 'PATCH', body: body ?? {} }),
    onSettled: () => client.invalidateQueries({ queryKey: ['data'] }),
  });
  /** `body`: what the action takes besides the toggle (a join request's message). */
  const run = (
    onDone: (result: Toggle) => void,
    onError?: (error: HttpError) => void,
    body?: Record<string, unknown>,
  ) => {
    // a company (or the back office) is no member to be invited: it is told the action is the members'
    if (me && me.iss !== 'user') return setPrompt('membersOnly');
    if (!me) return setPrompt('signIn');
    // the permission the server's route declares, asked of the actor's list (until the list is there, the server answers)
    if (init && !allows(init.permissions, permission)) return setPrompt('upgrade');
    // without a handler of its own, the server's explanation as a toast (SPEC §8)
    mutation.mutate(body, { onSuccess: onDone, onError: onError ?? ((error) => feedback.error(error.message)) });
  };
  return {
    run,
    pending: mutation.isPending,
    prompt,
    closePrompt: () => setPrompt(null),
    signedInMember: me?.iss === 'user',
  };
}
