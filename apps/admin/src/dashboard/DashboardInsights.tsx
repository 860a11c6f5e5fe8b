import { AreaChartOutlined, BarChartOutlined, FunnelPlotOutlined, ReloadOutlined } from "@ant-design/icons";
import { roleKind } from "@csc/shared";
import { Alert, Button, Skeleton } from "antd";
import { lazy, Suspense, useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AppCard } from "../components/AppCard";
import { EmptyState } from "../components/EmptyState";
import { isApiError } from "../shell/providers/http";
import { useSession } from "../shell/session/SessionContext";
import { ApplicantStages } from "./ApplicantStages";
import { ChartBoundary } from "./ChartBoundary";
import { DashboardFilters } from "./DashboardFilters";
import { useDashboard } from "./dashboardApi";
import { type DashboardQuery, dashboardQueryFrom, withDashboardQuery } from "./dashboardQuery";
import { everyMetricIsZero, MetricCards } from "./MetricCards";
import { RecruitingCards } from "./RecruitingCards";
import "./dashboard.css";

/** The chart library loads with the dashboard only, in its own chunk. */
const ProgressionChart = lazy(() => import("./ProgressionChart"));

/**
 * The staff dashboard's numbers: a card per metric for the range and granularity in the
 * URL, then the learner progression chart (provider and institution staff) or applicants by stage
 * (recruiters; institution staff see those too when their postings have applicants).
 */
export function DashboardInsights() {
  const { t } = useTranslation("dashboard");
  const { role } = useSession();
  const kind = roleKind(role);
  const [params, setParams] = useSearchParams();
  const query = dashboardQueryFrom(params);
  const dashboard = useDashboard(query);
  const headingId = useId();
  const data = dashboard.data;
  const refused = dashboard.isError && isApiError(dashboard.error) && dashboard.error.statusCode === 400;
  const setQuery = (next: DashboardQuery) => setParams(withDashboardQuery(params, next));
  // a recruiter's cards count their postings and hires too: never "nothing counted"
  const empty = kind !== "recruiter" && data !== undefined && everyMetricIsZero(data.metrics);
  const showsChart = kind === "provider" || kind === "institution";

  return (
    <section
      className={`csc-insights${dashboard.isPlaceholderData ? " csc-insights--stale" : ""}`}
      aria-labelledby={headingId}
      aria-busy={dashboard.isFetching}
      data-testid="dashboard-insights"
      data-loading={dashboard.isFetching}
    >
      <AppCard
        title={
          <h2 id={headingId} className="csc-insights__heading">
            {t(kind === "recruiter" ? "metrics.titleRecruiter" : "metrics.title")}
          </h2>
        }
        icon={<BarChartOutlined />}
      >
        <DashboardFilters
          query={query}
          range={data?.range}
          onChange={setQuery}
          withInstitution={kind === "provider"}
          errors={refused && isApiError(dashboard.error) ? dashboard.error.body.errors : undefined}
        />
        {dashboard.isError ? (
          <Alert
            type={refused ? "warning" : "error"}
            showIcon
            data-testid="dashboard-error"
            message={refused && isApiError(dashboard.error) ? dashboard.error.message : t("metrics.failed")}
            action={
              refused ? null : (
                <Button size="small" icon={<ReloadOutlined />} onClick={() => dashboard.refetch()}>
                  {t("metrics.retry")}
                </Button>
              )
            }
          />
        ) : empty ? (
          <div data-testid="dashboard-empty">
            <EmptyState message={t("metrics.empty")} description={t("metrics.emptyHint")} />
          </div>
        ) : kind === "recruiter" ? (
          <RecruitingCards data={data} />
        ) : (
          <MetricCards metrics={data?.metrics} />
        )}
      </AppCard>

      {showsChart && !dashboard.isError && !empty ? (
        <AppCard title={t("chart.title")} icon={<AreaChartOutlined />} loading={data === undefined} skeletonRows={8}>
          {data ? (
            <ChartBoundary
              fallback={<Alert type="error" showIcon message={t("chart.failed")} data-testid="chart-error" />}
            >
              <Suspense
                fallback={
                  <div role="status" aria-busy="true" aria-label={t("chart.loading")}>
                    <Skeleton active title={false} paragraph={{ rows: 8 }} />
                  </div>
                }
              >
                <ProgressionChart
                  progression={data.progression}
                  range={data.range}
                  institutionId={query.institutionId}
                />
              </Suspense>
            </ChartBoundary>
          ) : null}
        </AppCard>
      ) : null}

      {data?.stages && (kind === "recruiter" || data.stages.length > 0) ? (
        <AppCard title={t("stages.title")} icon={<FunnelPlotOutlined />}>
          <ApplicantStages stages={data.stages} />
        </AppCard>
      ) : kind === "recruiter" && data === undefined && !dashboard.isError ? (
        <AppCard title={t("stages.title")} icon={<FunnelPlotOutlined />} loading skeletonRows={4} />
      ) : null}
    </section>
  );
}

/** The learner's own counts (`GET /api/dashboard` answers them for themselves), compact, on their home. */
export function MyProgress() {
  const { t } = useTranslation("dashboard");
  const dashboard = useDashboard({});
  const headingId = useId();
  const data = dashboard.data;
  return (
    <section
      className="csc-insights csc-insights--mine"
      aria-labelledby={headingId}
      data-testid="my-progress"
      data-loading={dashboard.isLoading}
    >
      <AppCard
        title={
          <h2 id={headingId} className="csc-insights__heading">
            {t("progress.title")}
          </h2>
        }
        icon={<AreaChartOutlined />}
      >
        {dashboard.isError ? (
          <Alert
            type="error"
            showIcon
            message={t("metrics.failed")}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={() => dashboard.refetch()}>
                {t("metrics.retry")}
              </Button>
            }
          />
        ) : data && everyMetricIsZero(data.metrics) ? (
          <p className="csc-insights__empty" data-testid="dashboard-empty">
            {t("progress.empty")}
          </p>
        ) : (
          <MetricCards metrics={data?.metrics} compact />
        )}
      </AppCard>
    </section>
  );
}
