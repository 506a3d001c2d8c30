import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/** Every data query refreshed at once (a membership change touches the card, receipts, mandate and profile). */
export function useRefreshAll(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: ['data'] }), [client]);
}
