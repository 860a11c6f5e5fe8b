import { ArrowRightOutlined, BookOutlined } from "@ant-design/icons";
import type { HelpArticleSummary } from "@csc/shared";
import { useQuery } from "@tanstack/react-query";
import { Alert, Collapse, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AppCard } from "../components/AppCard";
import { EmptyState } from "../components/EmptyState";
import { useLanguage } from "../shell/providers/i18n";
import { ArticleBody } from "./ArticleBody";
import { articleQueryKey, articlesQueryKey, fetchArticle, fetchArticles } from "./articles";

/** One article, loaded when it is opened, with a link to the screen it explains. */
function ArticlePanel({ summary }: { summary: HelpArticleSummary }) {
  const { t } = useTranslation("help");
  const language = useLanguage();
  const article = useQuery({
    queryKey: articleQueryKey(summary.slug, language),
    queryFn: () => fetchArticle(summary.slug, language),
  });
  if (article.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (article.isError) return <Alert type="error" showIcon message={t("loadFailed")} />;
  return (
    <div data-testid="help-article" data-slug={summary.slug}>
      <ArticleBody blocks={article.data.blocks} />
      {article.data.path ? (
        <Link to={article.data.path} className="csc-article__screen">
          {t("articles.openScreen")} <ArrowRightOutlined aria-hidden="true" />
        </Link>
      ) : null}
    </div>
  );
}

/** The help articles for the caller's role; `?article=<slug>` opens one (the assistant links there). */
export function HelpArticles() {
  const { t } = useTranslation("help");
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const articles = useQuery({ queryKey: articlesQueryKey(language), queryFn: () => fetchArticles(language) });
  // `?topic=` (the Help link of a screen): the first article about that screen, until another is chosen
  const topic = params.get("topic");
  const open = params.get("article") ?? articles.data?.find((article) => article.topic === topic)?.slug ?? null;
  const onChange = (keys: string | string[]) => {
    // one article open at a time, without antd's accordion (a tab list that holds no tabs)
    const key = [keys].flat().find((candidate) => candidate !== open);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key) next.set("article", key);
        else next.delete("article");
        next.delete("topic");
        return next;
      },
      { replace: true },
    );
  };
  return (
    <AppCard title={<h2 className="csc-help__section-title">{t("articles.title")}</h2>} icon={<BookOutlined />}>
      {articles.isPending ? (
        <Skeleton active />
      ) : articles.isError ? (
        <Alert type="error" showIcon message={t("loadFailed")} />
      ) : articles.data.length === 0 ? (
        <EmptyState message={t("articles.none")} />
      ) : (
        <Collapse
          activeKey={open ? [open] : []}
          onChange={onChange}
          data-testid="help-articles"
          items={articles.data.map((summary) => ({
            key: summary.slug,
            label: <span data-testid="help-article-title">{summary.title}</span>,
            children: <ArticlePanel summary={summary} />,
          }))}
        />
      )}
    </AppCard>
  );
}
