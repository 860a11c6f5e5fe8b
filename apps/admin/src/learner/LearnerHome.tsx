import {
  ArrowRightOutlined,
  BookOutlined,
  BulbOutlined,
  FormOutlined,
  SendOutlined,
  StarOutlined,
  TrophyOutlined,
} from "@ant-design/icons";
import {
  type AttemptResult,
  ENROLMENT_RESOURCE,
  enumLabelKey,
  isOpenApplication,
  type MenuItem,
  PENDING_STAGES,
  POSTING_RESOURCES,
} from "@csc/shared";
import { useList, useMany, useOne } from "@refinedev/core";
import { Alert, Col, Row } from "antd";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppCard } from "../components/AppCard";
import { EmptyState } from "../components/EmptyState";
import { MyProgress } from "../dashboard/DashboardInsights";
import { formatDate, formatDateTime, formatNumber } from "../engine/display/format";
import { pathsFor } from "../engine/paths";
import { DashboardWelcome } from "../pages/Dashboard";
import { useLanguage } from "../shell/providers/i18n";
import { useSession } from "../shell/session/SessionContext";
import { ApplicationStatus, ApplyButton } from "./ApplyButton";
import { PassedTag } from "./AttemptReview";
import { type Application, postingIdOf } from "./applications";
import type { Assessment } from "./assessments";
import { EnrolmentProgress } from "./EnrolButton";
import type { Enrolment, LearningItem } from "./learning";
import { entryOf, learningItemPath } from "./learningPaths";
import { PostingCard } from "./PostingCard";
import { POSTING_KINDS, type Posting, type PostingKind, type PostingResource } from "./postings";
import { SkillsList, useMySkills } from "./SkillsList";
import { useApplicationsTo } from "./useApplicationsTo";
import "../pages/dashboard.css";
import "./learner.css";
import "./home.css";

/** How many rows each section shows: the home says what to do next, the entries hold the rest. */
const SHOWN = 5;
const SUGGESTED = 2;

/** One section of the home: a card under a heading, its skeleton while it loads. */
function Section({
  name,
  title,
  icon,
  action,
  loading,
  children,
}: {
  name: string;
  title: string;
  icon: ReactNode;
  action?: ReactNode;
  loading: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid={`home-${name}`} data-loading={loading}>
      <AppCard
        className="csc-home__card"
        title={
          <h2 id={headingId} className="csc-home__heading">
            {title}
          </h2>
        }
        icon={icon}
        actions={action}
        loading={loading}
        skeletonRows={4}
      >
        {children}
      </AppCard>
    </section>
  );
}

/** "See all" beside a section's heading: a real link to the page holding the rest. */
function MoreLink({ to, label, children }: { to: string | undefined; label?: string; children: ReactNode }) {
  if (!to) return null;
  return (
    <Link to={to} className="csc-home__more" aria-label={label}>
      {children} <ArrowRightOutlined aria-hidden="true" />
    </Link>
  );
}

function LoadFailed() {
  const { t } = useTranslation();
  return <Alert type="warning" showIcon message={t("learner:list.loadFailed")} />;
}

/** The titles of the postings the learner's applications are to, by type and id. */
function usePostingTitles(applications: Application[]) {
  const idsOf = (kind: PostingKind) => [
    ...new Set(
      applications
        .map((application) => postingIdOf(application, kind.applicationColumn))
        .filter((id): id is number => id !== null),
    ),
  ];
  // a posting kind the learner may no longer read (its feature turned off) is not asked for: its title stays unknown
  const { resources } = useSession();
  const readable = (kind: PostingKind) => resources.some((resource) => resource.name === kind.resource);
  const read = (kind: PostingKind, ids: number[]) => ({
    resource: kind.resource,
    ids,
    errorNotification: false as const,
    queryOptions: { enabled: ids.length > 0 && readable(kind), retry: false },
  });
  const events = idsOf(POSTING_KINDS["learning-events"]);
  const jobs = idsOf(POSTING_KINDS["job-opportunities"]);
  const scholarships = idsOf(POSTING_KINDS.scholarship);
  const lists = [
    useMany<Posting>(read(POSTING_KINDS["learning-events"], events)),
    useMany<Posting>(read(POSTING_KINDS["job-opportunities"], jobs)),
    useMany<Posting>(read(POSTING_KINDS.scholarship, scholarships)),
  ];
  const titles = new Map<string, string>();
  for (const [index, resource] of (["learning-events", "job-opportunities", "scholarship"] as const).entries()) {
    for (const posting of lists[index]?.result.data ?? [])
      titles.set(`${resource}:${posting.id}`, String(posting.title ?? ""));
  }
  return { titles, readable, loading: lists.some((list) => list.query.isLoading) };
}

/**
 * Open applications, newest first: still waiting for their outcome (@csc/shared
 * `isOpenApplication`: a pending stage, nothing completed, graded or withdrawn). Past ones are
 * one link away, under the learner's applications.
 */
function OpenApplications() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { menu } = useSession();
  const applications = useList<Application>({
    resource: "applications",
    pagination: { currentPage: 1, pageSize: 50 },
    filters: [{ field: "stage", operator: "eq", value: [...PENDING_STAGES] }],
    sorters: [{ field: "applied_at", order: "desc" }],
    errorNotification: false,
  });
  const open = applications.result.data.filter(isOpenApplication).slice(0, SHOWN);
  const { titles, readable, loading } = usePostingTitles(open);
  const jobs = entryOf(menu, "job-opportunities");
  const events = entryOf(menu, "learning-events");
  const browse = jobs ?? events;
  const allMine = browse ? `${pathsFor(browse).base}?scope=user-taken` : undefined;

  return (
    <Section
      name="applications"
      title={t("learner:home.applications.title")}
      icon={<SendOutlined />}
      // past applications (completed, closed, withdrawn) live there too, so the link is always offered
      action={<MoreLink to={allMine}>{t("learner:home.applications.all")}</MoreLink>}
      loading={applications.query.isLoading || loading}
    >
      {applications.query.isError ? (
        <LoadFailed />
      ) : open.length === 0 ? (
        <EmptyState
          message={t("learner:home.applications.empty")}
          action={
            browse?.path
              ? { label: t("learner:home.applications.browse"), to: browse.path, icon: <ArrowRightOutlined /> }
              : undefined
          }
        />
      ) : (
        <ul className="csc-home__list">
          {open.map((application) => {
            const resource: PostingResource = POSTING_RESOURCES[application.posting_type];
            const kind = POSTING_KINDS[resource];
            const postingId = postingIdOf(application, kind.applicationColumn);
            const entry = entryOf(menu, resource);
            const title = titles.get(`${resource}:${postingId}`);
            const to = entry && title !== undefined ? `${pathsFor(entry).base}/show/${postingId}` : undefined;
            // a kind this site does not offer now (its feature off) is not "no longer published": its details are elsewhere
            const name = title || t(readable(kind) ? "learner:mine.unavailable" : "learner:mine.notOffered");
            return (
              <li
                key={application.id}
                className="csc-home__item"
                data-testid="home-application"
                data-application-id={application.id}
              >
                <div className="csc-home__item-main">
                  <span className="csc-home__item-title">{to ? <Link to={to}>{name}</Link> : name}</span>
                  <span className="csc-home__item-meta">
                    {t(enumLabelKey("postingType", application.posting_type))} ·{" "}
                    {t("learner:mine.appliedAt", { date: formatDate(application.applied_at, language) })}
                  </span>
                </div>
                <ApplicationStatus application={application} />
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** Where an enrolment's item opens. */
const learningPath = (menu: readonly MenuItem[], enrolment: Enrolment) =>
  learningItemPath(menu, enrolment.item_type, enrolment.item_id);

/** Enrolments not completed yet, newest first, each with its progress and a link to its course or roadmap. */
function LearningInProgress() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { menu } = useSession();
  const enrolments = useList<Enrolment>({
    resource: "enrolments",
    pagination: { mode: "off" },
    sorters: [{ field: "enrolled_at", order: "desc" }],
    errorNotification: false,
  });
  const going = enrolments.result.data.filter((enrolment) => !enrolment.completed_at).slice(0, SHOWN);
  const idsOf = (itemType: Enrolment["item_type"]) => [
    ...new Set(going.filter((enrolment) => enrolment.item_type === itemType).map((enrolment) => enrolment.item_id)),
  ];
  const read = (resource: string, ids: number[]) => ({
    resource,
    ids,
    errorNotification: false as const,
    queryOptions: { enabled: ids.length > 0, retry: false },
  });
  const lists = [
    useMany<LearningItem>(read(ENROLMENT_RESOURCE.course, idsOf("course"))),
    useMany<LearningItem>(read(ENROLMENT_RESOURCE["enrichment-program"], idsOf("enrichment-program"))),
    useMany<LearningItem>(read(ENROLMENT_RESOURCE["career-roadmap"], idsOf("career-roadmap"))),
  ];
  const titles = new Map<string, string>();
  for (const [index, itemType] of (["course", "enrichment-program", "career-roadmap"] as const).entries()) {
    for (const item of lists[index]?.result.data ?? []) titles.set(`${itemType}:${item.id}`, String(item.title ?? ""));
  }
  const courses = entryOf(menu, ENROLMENT_RESOURCE.course) ?? entryOf(menu, ENROLMENT_RESOURCE["career-roadmap"]);

  return (
    <Section
      name="learning"
      title={t("learner:home.learning.title")}
      icon={<BookOutlined />}
      action={
        going.length > 0 && courses ? (
          <MoreLink to={`${pathsFor(courses).base}?view=mine`}>{t("learner:learning.view.mine")}</MoreLink>
        ) : null
      }
      loading={enrolments.query.isLoading || lists.some((list) => list.query.isLoading)}
    >
      {enrolments.query.isError ? (
        <LoadFailed />
      ) : going.length === 0 ? (
        <EmptyState
          message={t("learner:home.learning.empty")}
          action={
            courses?.path
              ? { label: t("learner:home.learning.browse"), to: courses.path, icon: <ArrowRightOutlined /> }
              : undefined
          }
        />
      ) : (
        <ul className="csc-home__list">
          {going.map((enrolment) => {
            const title = titles.get(`${enrolment.item_type}:${enrolment.item_id}`);
            const to = title !== undefined ? learningPath(menu, enrolment) : undefined;
            const name = title || t("learner:mine.unavailable");
            return (
              <li
                key={enrolment.id}
                className="csc-home__item csc-home__item--stacked"
                data-testid="home-enrolment"
                data-enrolment-id={enrolment.id}
              >
                <div className="csc-home__item-main">
                  <span className="csc-home__item-title">{to ? <Link to={to}>{name}</Link> : name}</span>
                  <span className="csc-home__item-meta">
                    {t(`learner:home.learning.kind.${enrolment.item_type}`)} ·{" "}
                    {t("learner:learning.enrolledAt", { date: formatDate(enrolment.enrolled_at, language) })}
                  </span>
                </div>
                <EnrolmentProgress enrolment={enrolment} title={name} />
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** A few postings of one kind suggested to the learner (the list's `?type=suggested` tab), each with Apply. */
function SuggestedPostings({ entry, kind }: { entry: MenuItem; kind: PostingKind }) {
  const { t } = useTranslation();
  const paths = pathsFor(entry);
  const page = t(`menu.${entry.labelKey}`, { defaultValue: entry.label });
  const postings = useList<Posting>({
    resource: kind.resource,
    pagination: { currentPage: 1, pageSize: SUGGESTED },
    meta: { query: { type: "suggested" } },
    errorNotification: false,
  });
  const rows = postings.result.data;
  const ids = rows.map((posting) => posting.id);
  // applied from here: the card shows the application instead of Apply
  const byPosting = useApplicationsTo(kind, ids, SUGGESTED);

  return (
    <Section
      name="suggested"
      title={t("learner:home.suggested.title", { page })}
      icon={<BulbOutlined />}
      action={
        rows.length > 0 ? (
          <MoreLink to={`${paths.base}?type=suggested`} label={t("learner:home.suggested.allFor", { page })}>
            {t("learner:home.suggested.all")}
          </MoreLink>
        ) : null
      }
      loading={postings.query.isLoading}
    >
      {postings.query.isError ? (
        <LoadFailed />
      ) : rows.length === 0 ? (
        <EmptyState
          message={t("learner:home.suggested.empty")}
          action={
            entry.path
              ? { label: t("learner:home.suggested.browse", { page }), to: entry.path, icon: <ArrowRightOutlined /> }
              : undefined
          }
        />
      ) : (
        <ul className="csc-posting-grid csc-home__grid" aria-label={t("learner:home.suggested.title", { page })}>
          {rows.map((posting) => (
            <li key={posting.id} data-testid="home-suggestion" data-resource-name={kind.resource}>
              <PostingCard
                kind={kind}
                posting={posting}
                to={`${paths.base}/show/${posting.id}`}
                action={
                  byPosting && <ApplyButton kind={kind} posting={posting} application={byPosting.get(posting.id)} />
                }
              />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The newest attempt at any self assessment: its score, the result and a link to its answers. */
function LatestAttempt() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { menu } = useSession();
  const attempts = useList<AttemptResult & { self_assessment_id: number }>({
    resource: "assessment-attempts",
    pagination: { currentPage: 1, pageSize: 1 },
    sorters: [{ field: "taken_at", order: "desc" }],
    errorNotification: false,
  });
  const latest = attempts.result.data[0];
  const assessment = useOne<Assessment>({
    resource: "self-assessment",
    id: latest?.self_assessment_id ?? 0,
    errorNotification: false,
    queryOptions: { enabled: latest !== undefined, retry: false },
  });
  const entry = entryOf(menu, "self-assessment");
  const base = entry ? pathsFor(entry).base : undefined;
  const to = latest && base ? `${base}/show/${latest.self_assessment_id}?attempt=${latest.id}` : undefined;
  const title = assessment.result?.title ? String(assessment.result.title) : t("learner:mine.unavailable");

  return (
    <Section
      name="assessment"
      title={t("learner:home.assessment.title")}
      icon={<TrophyOutlined />}
      loading={attempts.query.isLoading || (latest !== undefined && assessment.query.isLoading)}
    >
      {attempts.query.isError ? (
        <LoadFailed />
      ) : !latest ? (
        <EmptyState
          message={t("learner:home.assessment.empty")}
          action={
            entry?.path
              ? { label: t("learner:home.assessment.take"), to: entry.path, icon: <FormOutlined /> }
              : undefined
          }
        />
      ) : (
        <div className="csc-home__attempt" data-testid="home-attempt" data-attempt-id={latest.id}>
          <p className="csc-home__item-title">{title}</p>
          <p className="csc-home__score" data-testid="home-attempt-score">
            <strong>
              {t("learner:assessment.score", {
                score: formatNumber(latest.score, language),
                max: formatNumber(latest.max_score, language),
              })}
            </strong>{" "}
            <span>{`${formatNumber(latest.percentage, language)}%`}</span> <PassedTag passed={latest.passed} />
          </p>
          <p className="csc-home__item-meta">
            {t("learner:assessment.takenAt", { date: formatDateTime(latest.taken_at, language) })}
          </p>
          {to ? (
            <Link to={to} className="csc-home__more" data-testid="home-attempt-link">
              {t("learner:home.assessment.open")} <ArrowRightOutlined aria-hidden="true" />
            </Link>
          ) : null}
        </div>
      )}
    </Section>
  );
}

/** The skills the learner has gained (`GET /api/profile`), or how to gain some. */
function MySkillsSection() {
  const { t } = useTranslation();
  const { menu } = useSession();
  const skills = useMySkills();
  const courses = entryOf(menu, ENROLMENT_RESOURCE.course) ?? entryOf(menu, ENROLMENT_RESOURCE["career-roadmap"]);
  return (
    <Section name="skills" title={t("learner:skills.title")} icon={<StarOutlined />} loading={skills.isLoading}>
      {skills.isError ? (
        <LoadFailed />
      ) : skills.data && skills.data.length > 0 ? (
        <SkillsList skills={skills.data} />
      ) : (
        <EmptyState
          message={t("learner:skills.empty")}
          action={
            courses?.path
              ? { label: t("learner:home.learning.browse"), to: courses.path, icon: <ArrowRightOutlined /> }
              : undefined
          }
        />
      )}
    </Section>
  );
}

/**
 * The learner's dashboard: the welcome, their progress in numbers, then what to do next — their open applications
 * and where each stands, the learning they have under way, postings suggested to them, their latest
 * assessment result and their skills.
 */
export default function LearnerHome() {
  const { menu } = useSession();
  const suggested = (["job-opportunities", "learning-events"] as const)
    .map((name) => ({ entry: entryOf(menu, name), kind: POSTING_KINDS[name] }))
    .filter((item): item is { entry: MenuItem; kind: PostingKind } => item.entry !== undefined);
  return (
    <div className="csc-dashboard csc-home" data-testid="learner-home">
      <DashboardWelcome />
      <MyProgress />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <div className="csc-stack">
            <OpenApplications />
            <LearningInProgress />
            {suggested.map(({ entry, kind }) => (
              <SuggestedPostings key={kind.resource} entry={entry} kind={kind} />
            ))}
          </div>
        </Col>
        <Col xs={24} xl={8}>
          <div className="csc-stack">
            <LatestAttempt />
            <MySkillsSection />
          </div>
        </Col>
      </Row>
    </div>
  );
}
