import { useState } from 'react';
import { useGetIdentity, useUpdate, type HttpError } from '@refinedev/core';
import { isBold, type Role } from '../../shared/permissions';
import type { PromptKind } from '../components/MemberPrompt';
import type { Identity } from '../providers/auth';

/**
 * A member's toggle on a public resource (save, subscribe, apply, join): `PATCH /api/<resource>/<id>/<action>`.
 * Who may act is the server's decision; the page asks first so visitors and Regular members get the
 * right prompt instead of an error.
 */
export function useMemberAction(resource: string, id: string, action: string, needsBold: boolean) {
  const { data: me } = useGetIdentity<Identity | null>();
  const [prompt, setPrompt] = useState<PromptKind>(null);
  const { mutate, mutation } = useUpdate<{ active: boolean; count: number }, HttpError>();
  const run = (onDone: (result: { active: boolean; count: number }) => void, onError?: (error: HttpError) => void) => {
    if (me?.iss !== 'user') return setPrompt('signIn');
    if (needsBold && !isBold((me.role ?? 'REGULAR') as Role)) return setPrompt('upgrade');
    mutate(
      { resource, id, values: {}, meta: { action }, successNotification: false, errorNotification: onError ? false : undefined },
      {
        onSuccess: ({ data }) => onDone(data), // Refine refetches the resource's list and detail
        onError,
      },
    );
  };
  return { run, pending: mutation.isPending, prompt, closePrompt: () => setPrompt(null), signedInMember: me?.iss === 'user' };
}
