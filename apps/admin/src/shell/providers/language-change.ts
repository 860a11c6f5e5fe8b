import i18n from "i18next";
import { NOTIFICATION_PREFERENCES_URL } from "../../notifications/paths";
import { patchJson } from "./fetch-json";
import type { LanguageCode } from "./i18n";
import { getToken } from "./token";

/**
 * Switches the interface language, wherever a person does it (the header's switcher, a learner's
 * account page). A signed-in person's mail is written in the language they use: any PATCH of their
 * notification choices records the request's language, so an empty one, sent once the switch is
 * done, follows it. Fire and forget: the switch never waits for it, nor fails by it.
 */
export async function switchLanguage(code: LanguageCode): Promise<void> {
  await i18n.changeLanguage(code);
  if (!getToken()) return;
  patchJson(NOTIFICATION_PREFERENCES_URL, {}, { skipSessionExpiry: true }).catch(() => {});
}
