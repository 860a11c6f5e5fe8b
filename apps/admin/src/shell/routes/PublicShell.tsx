import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { TranslatedPageLoader } from "../../components/PageLoader";
import { queryClient } from "../providers/query-client";
import { useAppearance } from "../theme/AppearanceProvider";
import { isDark } from "../theme/appearance";

/**
 * Around the public pages (a site's apply pages, a certificate's check, a guest's application
 * status): the query client they share with the console, without refine. Many of their visitors
 * have no account, and their first page is not held up by the console's machinery, as /login is not.
 */
export default function PublicShell() {
  const { appearance } = useAppearance();
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<TranslatedPageLoader tone={isDark(appearance) ? "dark" : "light"} />}>
        <Outlet />
      </Suspense>
    </QueryClientProvider>
  );
}
