import type { HelpTopic, RoleKind } from "@csc/shared";
import { http } from "../shell/providers/http";
import type { LanguageCode } from "../shell/providers/i18n";

/** A tutorial as the API sends it (`GET /api/tutorials`: only those meant for the caller's kind). */
export interface Tutorial {
  id: number;
  title_en: string;
  title_np: string;
  description_en: string;
  description_np: string;
  video_url: string | null;
  roles: RoleKind[];
  topic: HelpTopic | null;
  sort_order: number;
}

/** Enough for the fourteen and what provider staff add. */
const TUTORIALS_SHOWN = 100;

export const TUTORIALS_QUERY_KEY = ["help", "tutorials"] as const;

/** The tutorials the caller may see, in their order. */
export async function fetchTutorials(): Promise<Tutorial[]> {
  const { data } = await http.get<Tutorial[]>(
    `/api/tutorials?_sort=sort_order,id&_order=asc,asc&_start=0&_end=${TUTORIALS_SHOWN}`,
  );
  return data;
}

/** A tutorial's title and description in the current language. */
export const tutorialText = (tutorial: Tutorial, language: LanguageCode) =>
  language === "np-NP"
    ? { title: tutorial.title_np, description: tutorial.description_np }
    : { title: tutorial.title_en, description: tutorial.description_en };
