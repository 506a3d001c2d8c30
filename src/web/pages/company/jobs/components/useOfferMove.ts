/**
 * One move of src/shared/offerMoves.ts from the company's screens (PATCH /com/jobs/{hash} { status }) through
 * Refine's useUpdate: the list and the offer refresh, the server's 409 ("only the association…") is the toast.
 * Called once per page and handed to each offer's buttons (OfferMoves): a useUpdate per table row cost ~10 ms of
 * the list's first render each (issue 27 §3, the company's first visit). `movingHash` is the offer being moved.
 */
import { useUpdate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { OfferStatus } from '../../../../../shared/offerMoves';

export function useOfferMove() {
  const { t } = useTranslation();
  const { mutate, mutation } = useUpdate();
  const move = (hash: string, to: OfferStatus) =>
    mutate({
      resource: 'com/jobs',
      id: hash,
      values: { status: to },
      mutationMode: 'pessimistic',
      successNotification: () => ({ type: 'success', message: t(`offers.moved.${to}`) }),
    });
  const movingHash = mutation.isPending ? String(mutation.variables?.id ?? '') : null;
  return { move, movingHash };
}

export type OfferMove = ReturnType<typeof useOfferMove>;
