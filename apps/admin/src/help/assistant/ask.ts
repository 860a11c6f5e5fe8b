import type { HelpAskResult, HelpLanguage } from "@csc/shared";
import { http } from "../../shell/providers/http";

const DEVANAGARI = /[\u0900-\u097F]/;

/** The language a question is written in: Nepali when it has Devanagari letters, English otherwise. */
export const languageOfQuestion = (question: string, fallback: HelpLanguage): HelpLanguage =>
  DEVANAGARI.test(question) ? "np-NP" : /[A-Za-z]/.test(question) ? "en-US" : fallback;

/** `POST /api/help/ask`: ranked answers among what the asker may open, or `known: false`. */
export async function askAssistant(question: string, language: HelpLanguage): Promise<HelpAskResult> {
  const { data } = await http.post<{ data: HelpAskResult }>("/api/help/ask", { question, language });
  return data.data;
}
