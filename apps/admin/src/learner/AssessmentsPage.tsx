import { useInvalidate, useOne } from "@refinedev/core";
import { Button, Card, Result, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { BackLink } from "../components/BackLink";
import { PageHeader } from "../components/PageHeader";
import { formatNumber } from "../engine/display/format";
import { richTextIsEmpty, sanitizeRichText } from "../engine/display/sanitize";
import { pathsFor } from "../engine/paths";
import { useResourceMeta } from "../engine/useResourceMeta";
import MenuEntryPage from "../pages/MenuEntryPage";
import NotAllowed from "../pages/NotAllowed";
import { useLanguage } from "../shell/providers/i18n";
import { type MenuPageProps, useMenuRoute } from "../shell/routes/MenuRouteContext";
import { useSession } from "../shell/session/SessionContext";
import { AssessmentCards, AssessmentFacts } from "./AssessmentCards";
import { AssessmentTake } from "./AssessmentTake";
import { AttemptHistory, useOwnAttempts } from "./AttemptHistory";
import { AttemptReview } from "./AttemptReview";
import { type Assessment, attemptsLeftAt, draftKey, hasDraft } from "./assessments";
import "../engine/resources.css";
import { LearnerSearch } from "./LearnerSearch";

/** How many attempts the learner has left, or that they have used them all. */
function AttemptsLeft({ left, max }: { left: number; max: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <p className="csc-posting__applied-at" data-testid="attempts-left" data-left={left}>
      {left === 0
        ? t("learner:assessment.noAttemptsLeft")
        : t("learner:assessment.attemptsLeft", {
            left: formatNumber(left, language),
            max: formatNumber(max, language),
          })}
    </p>
  );
}

/**
 * One assessment for a learner, by the address: its description, Start (or Resume), the attempts
 * left and their past attempts; `?take=1` the attempt being taken (while one is left);
 * `?attempt={id}` a submitted attempt's score and answers.
 */
function AssessmentDetail({ id, back, base }: { id: string; back: string; base: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [params] = useSearchParams();
  const one = useOne<Assessment>({ resource: "self-assessment", id, errorNotification: false });
  const own = useOwnAttempts(Number(id));
  const assessment = one.result;
  const here = `${base}/show/${id}`;
  const attemptPath = (attemptId: number) => `${here}?attempt=${attemptId}`;

  if (one.query.isError) {
    return (
      <div className="csc-learner" data-resource="self-assessment">
        <BackLink to={back} />
        <div data-testid="resource-not-found">
          <Result status="404" title={t("learner:assessment.notFound")} />
        </div>
      </div>
    );
  }
  if (!assessment || own.query.isLoading) {
    return (
      <div className="csc-learner" data-resource="self-assessment">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  const questions = Array.isArray(assessment.questions) ? assessment.questions : [];
  const storageKey = draftKey(user.id, assessment.id);
  const attempt = params.get("attempt");
  // a count the list could not give leaves the limit to the API, which refuses an attempt too many
  const left = own.query.isError ? null : attemptsLeftAt(assessment, own.result.total ?? own.result.data.length);
  const canTake = questions.length > 0 && left !== 0;
  const taking = params.get("take") === "1" && canTake;
  const resume = hasDraft(localStorage, storageKey);
  const attemptsLeft =
    left === null || typeof assessment.max_attempts !== "number" ? null : (
      <AttemptsLeft left={left} max={assessment.max_attempts} />
    );

  let body: React.ReactNode;
  if (attempt) {
    body = (
      <>
        <AttemptReview key={attempt} attemptId={attempt} reviewPolicy={assessment.review_policy} />
        {attemptsLeft}
        <div className="csc-posting__action">
          {canTake ? (
            <Button type="primary" onClick={() => navigate(`${here}?take=1`)} data-testid="assessment-start">
              {t("learner:assessment.again")}
            </Button>
          ) : null}
          <Button onClick={() => navigate(here)}>{t("learner:assessment.allAttempts")}</Button>
        </div>
      </>
    );
  } else if (taking) {
    body = (
      <AssessmentTake
        assessmentId={assessment.id}
        questions={questions}
        storageKey={storageKey}
        onSubmitted={async (result) => {
          await invalidate({ resource: "assessment-attempts", invalidates: ["list"] });
          navigate(attemptPath(result.id));
        }}
      />
    );
  } else {
    body = (
      <>
        <AssessmentFacts assessment={assessment} />
        {richTextIsEmpty(assessment.description) ? null : (
          <div
            className="csc-richtext"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized to the editor's tags
            dangerouslySetInnerHTML={{ __html: sanitizeRichText(String(assessment.description)) }}
          />
        )}
        <div className="csc-posting__action">
          <Button
            type="primary"
            disabled={!canTake}
            onClick={() => navigate(`${here}?take=1`)}
            data-testid="assessment-start"
          >
            {t(resume ? "learner:assessment.resume" : "learner:assessment.start")}
          </Button>
        </div>
        {attemptsLeft}
        <AttemptHistory assessmentId={assessment.id} attemptPath={attemptPath} />
      </>
    );
  }
  return (
    <div className="csc-learner csc-learner--detail" data-resource="self-assessment" data-testid="assessment-detail">
      <PageHeader title={String(assessment.title ?? "")} back={<BackLink to={attempt || taking ? here : back} />} />
      <Card className="csc-posting csc-posting--detail csc-details">{body}</Card>
    </div>
  );
}

/**
 * A learner's Self Assessment entry (`?type=all`): the assessments as cards,
 * each with Start; an assessment's own page at `show/{id}` below it.
 */
export default function AssessmentsPage({ entry }: MenuPageProps) {
  const { t } = useTranslation();
  const { page } = useMenuRoute();
  const [params, setParams] = useSearchParams();
  const meta = useResourceMeta(entry.name);
  if (!meta || !entry.path || meta.name !== "self-assessment") return <MenuEntryPage entry={entry} />;
  const paths = pathsFor(entry);
  const target = page.kind === "entry" ? page.target : { action: "unknown" as const };
  if (target.action === "show")
    return <AssessmentDetail key={target.id} id={target.id} back={paths.home} base={paths.base} />;
  if (target.action !== "list") return <NotAllowed />;

  const update = (next: Record<string, string | null>) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      for (const [name, value] of Object.entries(next)) {
        if (value === null || value === "") updated.delete(name);
        else updated.set(name, value);
      }
      if (!("page" in next)) updated.delete("page");
      return updated;
    });
  const q = params.get("q") ?? "";
  const pageNumber = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  return (
    <div className="csc-learner" data-resource={meta.name} data-testid="learner-assessments">
      <PageHeader
        title={t(`menu.${entry.labelKey}`, { defaultValue: entry.label })}
        subtitle={t("learner:assessment.intro")}
      />
      <div className="csc-learner__bar">
        <LearnerSearch value={q} onCommit={(value) => update({ q: value })} />
      </div>
      <AssessmentCards
        meta={meta}
        q={q}
        page={pageNumber}
        onPage={(next) => update({ page: String(next) })}
        showPath={(id) => `${paths.base}/show/${id}`}
      />
    </div>
  );
}
