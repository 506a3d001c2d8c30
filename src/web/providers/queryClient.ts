/** The one react-query client, shared by Refine (options.reactQuery) and our own queries (GET /api/init). */
import { keepPreviousData, QueryClient } from '@tanstack/react-query';

/** A client with Refine's own defaults (which it applies only when it builds the client itself); the server renderer makes one per page. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false, placeholderData: keepPreviousData },
    },
  });
}

export const queryClient = createQueryClient();
