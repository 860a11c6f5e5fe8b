import { ENROLMENT_RESOURCE } from "@csc/shared";
import { Segmented } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../components/PageHeader";
import { SavedSearches } from "../engine/list/SavedSearches";
import { pathsFor } from "../engine/paths";
import { useResourceMeta } from "../engine/useResourceMeta";
import MenuEntryPage from "../pages/MenuEntryPage";
import NotAllowed from "../pages/NotAllowed";
import { listQueryString } from "../shell/providers/data";
import { type MenuPageProps, useMenuRoute } from "../shell/routes/MenuRouteContext";
import { LearnerSearch } from "./LearnerSearch";
import { LearningCards } from "./LearningCards";
import { LearningDetail } from "./LearningDetail";
import { isLearningResource, LEARNING_KINDS, type LearningResource } from "./learning";
import { catalogueListParams, searchWordsOf } from "./listState";
import { MyLearning } from "./MyLearning";

/** The page's views, in the address as `?view=`: a catalogue (the entry's own, or enrichment programs under Courses) or "My learning". */
const MINE = "mine";
const COURSES = ENROLMENT_RESOURCE.course;
const PROGRAMS = ENROLMENT_RESOURCE["enrichment-program"];

/**
 * A learner's Courses or Career Roadmap entry (no /admin prefix): cards to enrol in,
 * enrichment programs beside the courses when the learner may read them, and "My learning" with
 * their enrolments' progress and certificates; an item's own page at `show/{id}` below it.
 */
export default function LearningPage({ entry }: MenuPageProps) {
  const { t } = useTranslation();
  const { page } = useMenuRoute();
  const [params, setParams] = useSearchParams();
  const meta = useResourceMeta(entry.name);
  const programsMeta = useResourceMeta(PROGRAMS);
  if (!meta || !entry.path || !isLearningResource(meta.name)) return <MenuEntryPage entry={entry} />;
  const paths = pathsFor(entry);

  // enrichment programs run beside courses: learners have no menu entry of their own for them
  const catalogues: LearningResource[] = meta.name === COURSES && programsMeta ? [COURSES, PROGRAMS] : [meta.name];
  const requested = params.get("view");
  const view = requested === MINE || catalogues.some((name) => name === requested) ? requested : meta.name;
  const kindName = view === MINE ? (catalogues.find((name) => name === params.get("kind")) ?? meta.name) : view;
  const kind = LEARNING_KINDS[kindName as LearningResource];
  const showPath = (id: number) =>
    `${paths.base}/show/${id}${kind.resource === meta.name ? "" : `?kind=${kind.resource}`}`;

  const target = page.kind === "entry" ? page.target : { action: "unknown" as const };
  if (target.action === "show") {
    const detailKind = LEARNING_KINDS[catalogues.find((name) => name === params.get("kind")) ?? meta.name];
    return <LearningDetail key={target.id} kind={detailKind} id={target.id} back={paths.home} />;
  }
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
  const title = t(`menu.${entry.labelKey}`, { defaultValue: entry.label });
  const catalogueMeta = kind.resource === meta.name ? meta : (programsMeta ?? meta);
  const search = catalogueListParams(catalogueMeta, q);
  const views = [
    ...catalogues.map((name) => ({ value: name, label: t(`learner:learning.view.${LEARNING_KINDS[name].itemType}`) })),
    { value: MINE, label: t("learner:learning.view.mine") },
  ];

  return (
    <div className="csc-learner" data-resource={meta.name} data-testid="learner-learning">
      <PageHeader title={title} subtitle={t(`learner:learning.intro.${LEARNING_KINDS[meta.name].itemType}`)} />
      <div className="csc-learner__bar">
        <Segmented
          aria-label={t("learner:scope.label")}
          options={views}
          value={view}
          onChange={(value) => update({ view: value === meta.name ? null : String(value), q: null, kind: null })}
          data-testid="learning-view"
        />
        {view === MINE ? null : (
          <div className="csc-learner__search-bar">
            <LearnerSearch value={q} onCommit={(value) => update({ q: value })} />
            <SavedSearches
              resource={kind.resource}
              currentQuery={listQueryString(search.filters, search.sorters)}
              onApply={(saved) => update({ q: searchWordsOf(saved.query) })}
            />
          </div>
        )}
      </div>
      {view === MINE ? (
        <>
          {catalogues.length > 1 ? (
            <Segmented
              size="small"
              className="csc-learning__kinds"
              aria-label={t("learner:learning.kindLabel")}
              options={catalogues.map((name) => ({
                value: name,
                label: t(`learner:learning.view.${LEARNING_KINDS[name].itemType}`),
              }))}
              value={kind.resource}
              onChange={(value) => update({ kind: value === meta.name ? null : String(value) })}
            />
          ) : null}
          <MyLearning key={kind.resource} kind={kind} showPath={showPath} />
        </>
      ) : (
        <LearningCards
          key={kind.resource}
          kind={kind}
          meta={catalogueMeta}
          q={q}
          page={pageNumber}
          onPage={(next) => update({ page: String(next) })}
          showPath={showPath}
        />
      )}
    </div>
  );
}
