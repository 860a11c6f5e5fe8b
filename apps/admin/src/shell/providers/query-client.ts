import { QueryClient } from "@tanstack/react-query";
import { onForgetSessionData } from "./session";

/** One client for refine and our own queries; data queries do not refetch on window focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: false, staleTime: 30_000 },
  },
});

// a new session, or the end of one, starts from an empty cache
onForgetSessionData(() => queryClient.removeQueries());
