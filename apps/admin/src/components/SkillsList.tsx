import { Tag } from "antd";
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import "./components.css";

/** Spec §3: a skill is an id and a name. */
export interface Skill {
  id: number | string;
  name: string;
}

/** Spec §9: the list collapses at this many lines. */
export const SKILLS_COLLAPSED_LINES = 2;
const GAP = 8;

/**
 * How many skills fit on the first `lines` lines with room left for the "+N more" button,
 * measured on an invisible copy of the full list.
 */
function countVisible(measure: HTMLElement, lines: number): number {
  const items = [...measure.querySelectorAll<HTMLElement>("[data-skill]")];
  const more = measure.querySelector<HTMLElement>("[data-more]");
  const tops = [...new Set(items.map((item) => item.offsetTop))].sort((a, b) => a - b);
  if (tops.length <= lines) return items.length;
  const limit = tops[lines] ?? Number.POSITIVE_INFINITY;
  let visible = items.findIndex((item) => item.offsetTop >= limit);
  const width = measure.clientWidth;
  const moreWidth = more?.offsetWidth ?? 80;
  while (visible > 0) {
    const last = items[visible - 1];
    if (!last) break;
    const onLastLine = last.offsetTop === tops[lines - 1];
    if (!onLastLine || last.offsetLeft + last.offsetWidth + GAP + moreWidth <= width) break;
    visible -= 1;
  }
  return Math.max(visible, 1);
}

/** Spec §2: a skills list that collapses to two lines with "+N more", and back with "View less". */
export function SkillsList({ skills, lines = SKILLS_COLLAPSED_LINES }: { skills: Skill[]; lines?: number }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [visible, setVisible] = useState(skills.length);
  const measureRef = useRef<HTMLDivElement>(null);

  const remeasure = useCallback(() => {
    if (measureRef.current) setVisible(countVisible(measureRef.current, lines));
  }, [lines]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list of skills needs a new measurement
  useLayoutEffect(() => {
    remeasure();
    const node = measureRef.current;
    if (!node || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(remeasure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [remeasure, skills]);

  if (skills.length === 0) return null;
  const hidden = skills.length - visible;
  const shown = expanded ? skills : skills.slice(0, visible);

  return (
    <div className="csc-skills">
      <ul className="csc-skills__list" aria-label={t("skills.label")}>
        {shown.map((skill) => (
          <li key={skill.id}>
            <Tag className="csc-skills__tag">{skill.name}</Tag>
          </li>
        ))}
        {hidden > 0 ? (
          <li>
            <button
              type="button"
              className="csc-skills__toggle"
              aria-expanded={expanded}
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? t("skills.viewLess") : t("skills.more", { count: hidden })}
            </button>
          </li>
        ) : null}
      </ul>
      <div ref={measureRef} className="csc-skills__list csc-skills__measure" aria-hidden="true">
        {skills.map((skill) => (
          <span key={skill.id} data-skill="">
            <Tag className="csc-skills__tag">{skill.name}</Tag>
          </span>
        ))}
        <span data-more="" className="csc-skills__toggle">
          {t("skills.more", { count: skills.length })}
        </span>
      </div>
    </div>
  );
}
