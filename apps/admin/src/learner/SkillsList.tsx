import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SkillsList as TagsList } from "../components/SkillsList";
import { formatDate } from "../engine/display/format";
import { fetchProfile } from "../shell/providers/auth";
import { useLanguage } from "../shell/providers/i18n";

/** A skill the learner has gained (`GET /api/profile` `skills`). */
interface LearnerSkill {
  id: number;
  name: string;
  gained_at: string;
  source: { type: string; id: number | null; title: string | null } | null;
}

const PROFILE_SKILLS_QUERY_KEY = ["profile", "skills"] as const;

/** The signed-in learner's skills, fetched afresh whenever a screen showing them opens (completions land meanwhile). */
export function useMySkills() {
  return useQuery({
    queryKey: PROFILE_SKILLS_QUERY_KEY,
    queryFn: async () => {
      const profile = (await fetchProfile()) as { skills?: LearnerSkill[] };
      return Array.isArray(profile.skills) ? profile.skills : [];
    },
    staleTime: 0,
  });
}

/**
 * A learner's skills as tags, collapsed to two lines with "+N more" and opened with
 * "View less"; each one says when and from what it was gained.
 */
export function SkillsList({ skills }: { skills: LearnerSkill[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <TagsList
      skills={skills.map((skill) => {
        const date = formatDate(skill.gained_at, language);
        const from =
          skill.source?.title ??
          (skill.source ? t(`learner:skills.source.${skill.source.type}`, { defaultValue: skill.source.type }) : null);
        return {
          id: skill.id,
          name: skill.name,
          title: from ? t("learner:skills.gainedFrom", { date, source: from }) : t("learner:skills.gained", { date }),
        };
      })}
    />
  );
}

/** The learner's own skills under a heading, or a line saying how they gain some. */
export function MySkills() {
  const { t } = useTranslation();
  const skills = useMySkills();
  return (
    <section className="csc-my-skills" aria-labelledby="csc-my-skills-title" data-testid="my-skills">
      <h3 id="csc-my-skills-title" className="csc-my-skills__title">
        {t("learner:skills.title")}
      </h3>
      {skills.data && skills.data.length > 0 ? (
        <SkillsList skills={skills.data} />
      ) : skills.data ? (
        <p className="csc-my-skills__empty">{t("learner:skills.empty")}</p>
      ) : null}
    </section>
  );
}
