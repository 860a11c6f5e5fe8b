import { Tag } from "antd";
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { skillsThatFit } from "./skillsFit";
import "./components.css";

/** A skill is an id and a name. */
export interface Skill {
  id: number | string;
  name: string;
  /** Said on hover and to screen readers: when and from what the learner gained it. */
  title?: string;
}

/** The list collapses at this many lines. */
export const SKILLS_COLLAPSED_LINES = 2;

/** The skills that fit on the first `lines` lines of the invisible copy of the full list, with room for "+N more". */
function countVisible(measure: HTMLElement, lines: number): number {
  const boxes = [...measure.querySelectorAll<HTMLElement>("[data-skill]")].map((item) => ({
    top: item.offsetTop,
    left: item.offsetLeft,
    width: item.offsetWidth,
  }));
  const more = measure.querySelector<HTMLElement>("[data-more]");
  return skillsThatFit(boxes, lines, measure.clientWidth, more?.offsetWidth ?? 80);
}

/** A skills list that collapses to two lines with "+N more", and back with "View less". */
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
            <Tag className="csc-skills__tag" title={skill.title} data-testid="skill">
              {skill.name}
              {skill.title ? <span className="csc-visually-hidden">{` (${skill.title})`}</span> : null}
            </Tag>
          </li>
        ))}
        {hidden > 0 ? (
          <li>
            <button
              type="button"
              className="csc-skills__toggle"
              aria-expanded={expanded}
              data-testid="skills-toggle"
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
