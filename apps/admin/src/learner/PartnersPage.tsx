import { ExportOutlined, GlobalOutlined } from "@ant-design/icons";
import { useList } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Button, Card, Pagination, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../components/EmptyState";
import { PageHeader } from "../components/PageHeader";
import { countryName } from "../engine/display/format";
import { pathsFor } from "../engine/paths";
import { useResourceMeta } from "../engine/useResourceMeta";
import MenuEntryPage from "../pages/MenuEntryPage";
import { useLanguage } from "../shell/providers/i18n";
import { type MenuPageProps, useMenuRoute } from "../shell/routes/MenuRouteContext";
import { shortDescription } from "./learning";
import { PAGE_SIZE, useLearnerListState } from "./listState";
import "./learner.css";
import { LearnerSearch } from "./LearnerSearch";
import { ListLoadFailed } from "./ListLoadFailed";

interface Partner {
  id: number;
  name?: string;
  country?: string | null;
  partnership_type?: string | null;
  website?: string | null;
  logo?: string | null;
  description?: string | null;
}

/**
 * A learner's Global Partners (browse): the partners as cards — logo, name, country, the
 * partnership and the partner's own site — searched and paged by the address; a partner's own page
 * is the record page staff see too.
 */
export default function PartnersPage({ entry }: MenuPageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { page } = useMenuRoute();
  const meta = useResourceMeta(entry.name);
  const { state, update } = useLearnerListState([]);
  const target = page.kind === "entry" ? page.target : { action: "unknown" as const };
  const listing = !!meta && !!entry.path && target.action === "list";
  const list = useList<Partner>({
    resource: entry.name,
    pagination: { currentPage: state.page, pageSize: PAGE_SIZE },
    filters: state.q ? [{ field: "q", operator: "eq", value: state.q }] : [],
    sorters: meta ? [{ field: meta.defaultSort.field, order: meta.defaultSort.order }] : [],
    errorNotification: false,
    queryOptions: { enabled: listing, placeholderData: keepPreviousData },
  });
  if (!meta || !listing) return <MenuEntryPage entry={entry} />;
  const paths = pathsFor(entry);
  const rows = list.result.data;

  let body: React.ReactNode;
  if (list.query.isError) {
    body = <ListLoadFailed query={list.query} />;
  } else if (list.query.isLoading) {
    body = <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  } else if (rows.length === 0) {
    body = (
      <div data-testid="resource-empty">
        <EmptyState message={state.q ? t("learner:list.noMatch") : t("learner:list.empty")} />
      </div>
    );
  } else {
    body = (
      <>
        <ul className="csc-posting-grid" aria-label={t("learner:partners.cards")}>
          {rows.map((partner) => {
            const name = String(partner.name ?? t("learner:card.untitled"));
            const summary = shortDescription(partner.description);
            const country = partner.country ? countryName(partner.country, language) : null;
            return (
              <li key={partner.id}>
                <Card className="csc-posting csc-partner" data-testid="learner-card" data-partner-id={partner.id}>
                  <div className="csc-posting__head csc-partner__head">
                    {partner.logo ? (
                      <img className="csc-partner__logo" src={partner.logo} alt="" loading="lazy" />
                    ) : (
                      <span className="csc-partner__logo csc-partner__logo--none" aria-hidden="true">
                        <GlobalOutlined />
                      </span>
                    )}
                    <div>
                      <h3 className="csc-posting__title">
                        <Link to={`${paths.base}/show/${partner.id}`} translate="no">
                          {name}
                        </Link>
                      </h3>
                      {country ? <p className="csc-partner__country">{country}</p> : null}
                    </div>
                  </div>
                  {partner.partnership_type ? (
                    <p className="csc-partner__kind">
                      <span className="csc-partner__label">{t("fields:partnership_type")}</span>{" "}
                      <span translate="no">{partner.partnership_type}</span>
                    </p>
                  ) : null}
                  {summary ? <p className="csc-learning__summary">{summary}</p> : null}
                  {partner.website ? (
                    <div className="csc-posting__action">
                      <Button
                        href={partner.website}
                        target="_blank"
                        rel="noopener noreferrer"
                        icon={<ExportOutlined aria-hidden="true" />}
                        iconPosition="end"
                        aria-label={t("learner:partners.visitFor", { name })}
                      >
                        {t("learner:partners.visit")}
                      </Button>
                    </div>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
        <Pagination
          className="csc-posting-pages"
          current={state.page}
          pageSize={PAGE_SIZE}
          total={list.result.total ?? rows.length}
          hideOnSinglePage
          showSizeChanger={false}
          onChange={(next) => update({ page: next })}
          showTotal={(count, [start, end]) => t("learner:list.range", { start, end, total: count })}
        />
      </>
    );
  }

  return (
    <div className="csc-learner" data-resource={meta.name} data-testid="learner-partners">
      <PageHeader
        title={t(`menu.${entry.labelKey}`, { defaultValue: entry.label })}
        subtitle={t("learner:partners.intro")}
      />
      <div className="csc-learner__bar">
        <LearnerSearch value={state.q} onCommit={(value) => update({ q: value })} />
      </div>
      {body}
    </div>
  );
}
