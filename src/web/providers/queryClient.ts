/** The one react-query client, shared by Refine (options.reactQuery) and our own queries (GET /api/init). */
import { keepPreviousData, QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // Refine's own defaults, which it applies only when it builds the client itself
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false, placeholderData: keepPreviousData },
  },
});
