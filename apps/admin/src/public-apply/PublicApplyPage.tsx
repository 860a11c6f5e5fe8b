import { SendOutlined } from "@ant-design/icons";
import { PUBLIC_APPLY_PAGE_SIZE as PAGE_SIZE, type PublicPostingResource } from "@csc/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Button, Skeleton } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { PostingCard } from "../learner/PostingCard";
import { POSTING_KINDS, type Posting } from "../learner/postings";
import { RegistrationClosed, takesApplications } from "../learner/RegistrationClosed";
import { useSite } from "../shell/tenant/SiteContext";
import { PublicSiteHeader } from "./PublicSiteHeader";
import { fetchPublicPosting, fetchPublicPostings } from "./publicPostings";
import "./public-apply.css";

/**
 * The dialog that applies (with the account, after signing in, or as a guest) and its form: not
 * needed to show the postings, so it loads after them, while the visitor reads (PublicApplyPage).
 */
const loadApplyDialog = () => import("./PublicApplyDialog");
const PublicApplyDialog = lazy(() => loadApplyDialog().then((module) => ({ default: module.PublicApplyDialog })));
/**
 * What only some visits show, loaded when they do: a first visit shows cards, so the page turner
 * (with its size changer's select, dropdown and menu), the empty state and the error are not in
 * the page's first load.
 */
const Pagination = lazy(() => import("antd/es/pagination"));
const Result = lazy(() => import("antd/es/result"));
const EmptyState = lazy(() => import("../components/EmptyState").then((module) => ({ default: module.EmptyState })));
/** A short plain-text taste of the posting's description for its card. */
function excerptOf(html: unknown): string | null {
  if (typeof html !== "string") return null;
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return null;
  return text.length > 180 ? `${text.slice(0, 177)}…` : text;
}

/**
 * The public apply pages (public links: `/job-role-trainings-apply`,
 * `/job-opportunities-apply`): the published, open postings this site may show, as cards, each
 * with Apply — with the account when signed in, else after signing in or as a guest — or, once
 * its registration or deadline has passed while the page is open, "Registration closed".
 */
export default function PublicApplyPage({ resource }: { resource: PublicPostingResource }) {
  const { t } = useTranslation();
  const { config } = useSite();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [applying, setApplying] = useState<Posting | null>(null);
  // a link to apply (`?apply=<id>`) to a posting that has closed or is no longer shown here
  const [noLongerOpen, setNoLongerOpen] = useState(false);
  const title = t(`learner:public.title.${resource}`);
  useDocumentTitle(title);
  const kind = POSTING_KINDS[resource];
  const postings = useQuery({
    queryKey: ["public-postings", resource, page],
    queryFn: () => fetchPublicPostings(resource, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const rows = postings.data?.rows ?? [];
  const total = postings.data?.total ?? rows.length;
  const shown = rows.length > 0;

  // the apply dialog's code once the postings are on screen and the browser is idle, so that Apply
  // opens it at once; a failure here is left to the dialog's own load, where the error shows
  useEffect(() => {
    if (!shown) return;
    const load = () => void loadApplyDialog().catch(() => {});
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(load, 200);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(load, { timeout: 2_000 });
    return () => window.cancelIdleCallback(idle);
  }, [shown]);

  // back from signing in (`?apply=<id>`): straight on to that posting's application
  const wanted = Number(params.get("apply"));
  useEffect(() => {
    if (!Number.isInteger(wanted) || wanted <= 0) return;
    fetchPublicPosting(resource, wanted)
      .then((posting) => {
        if (takesApplications(POSTING_KINDS[resource], posting)) setApplying(posting);
        else setNoLongerOpen(true);
      })
      .catch(() => setNoLongerOpen(true))
      .finally(() =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.delete("apply");
            return next;
          },
          { replace: true },
        ),
      );
  }, [wanted, resource, setParams]);

  let content: React.ReactNode;
  if (postings.isError) {
    content = (
      <div data-testid="resource-error">
        <Suspense fallback={null}>
          <Result
            status="warning"
            title={t("learner:list.loadFailed")}
            extra={<Button onClick={() => void postings.refetch()}>{t("buttons.retry")}</Button>}
          />
        </Suspense>
      </div>
    );
  } else if (postings.isLoading) {
    content = <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  } else if (rows.length === 0) {
    content = (
      <div data-testid="resource-empty">
        <Suspense fallback={null}>
          <EmptyState message={t("learner:public.empty")} />
        </Suspense>
      </div>
    );
  } else {
    content = (
      <>
        <ul className="csc-posting-grid" aria-label={t("learner:list.cards")}>
          {rows.map((posting) => {
            const excerpt = excerptOf(posting.description);
            const name = String(posting.title ?? "");
            return (
              <li key={posting.id}>
                <PostingCard
                  headingLevel={2}
                  kind={kind}
                  posting={posting}
                  action={
                    takesApplications(kind, posting) ? (
                      <Button
                        type="primary"
                        icon={<SendOutlined aria-hidden="true" />}
                        onClick={() => setApplying(posting)}
                        aria-label={t("learner:apply.buttonFor", { title: name })}
                        data-testid="apply-button"
                      >
                        {t("learner:apply.button")}
                      </Button>
                    ) : (
                      <RegistrationClosed />
                    )
                  }
                >
                  {excerpt ? <p className="csc-public-apply__excerpt">{excerpt}</p> : null}
                </PostingCard>
              </li>
            );
          })}
        </ul>
        {total > PAGE_SIZE ? (
          <Suspense fallback={null}>
            <Pagination
              className="csc-posting-pages"
              current={page}
              pageSize={PAGE_SIZE}
              total={total}
              showSizeChanger={false}
              onChange={setPage}
            />
          </Suspense>
        ) : null}
      </>
    );
  }

  return (
    <div className="csc-public-apply" data-testid="public-apply">
      <PublicSiteHeader />
      <main className="csc-public-apply__main">
        <h1 className="csc-public-apply__title">{title}</h1>
        <p className="csc-public-apply__intro">{t(`learner:public.intro.${resource}`)}</p>
        {noLongerOpen ? (
          <Alert
            className="csc-public-apply__notice"
            type="warning"
            showIcon
            closable
            onClose={() => setNoLongerOpen(false)}
            message={t("learner:apply.closed")}
            data-testid="apply-link-closed"
          />
        ) : null}
        {content}
      </main>
      {applying ? (
        <Suspense fallback={null}>
          <PublicApplyDialog
            resource={resource}
            posting={applying}
            captchaSiteKey={config.captchaSiteKey}
            onClose={() => setApplying(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
