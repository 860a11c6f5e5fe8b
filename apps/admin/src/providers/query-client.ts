import { QueryClient } from "@tanstack/react-query";

/** One client for refine and our own queries; spec §7: data queries do not refetch on window focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: false, staleTime: 30_000 },
  },
});
