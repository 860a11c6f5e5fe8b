import type { Mail } from "../../lib/mailer.js";
import { LANGUAGES, type Language, loadMessages, type Translate } from "../../lib/messages.js";

/** The messages of each locales directory, read once (the request's own `t` speaks the caller's language, not the applicant's). */
const catalogues = new Map<string, (lng: Language) => Translate>();

function translatorFor(localesDir: string, language: string | null): Translate {
  let messages = catalogues.get(localesDir);
  if (!messages) {
    messages = loadMessages(localesDir);
    catalogues.set(localesDir, messages);
  }
  const known = LANGUAGES.find((lng) => lng === language);
  return messages(known ?? "en-US");
}

/** An applicant whose stage changed, as the mail needs them. */
export interface StageChange {
  email: string;
  name: string;
  /** The language they applied in; English when unknown. */
  language: string | null;
  posting: string;
  stage: string;
  note: string | null;
}

/** The mail telling an applicant their application's new stage, in the language they applied in. */
export function stageMail(localesDir: string, change: StageChange): Mail {
  const t = translatorFor(localesDir, change.language);
  return {
    to: change.email,
    subject: t("mail.stageSubject"),
    text: t("mail.stageBody", {
      name: change.name,
      posting: change.posting,
      stage: t(`enums:applicationStage.${change.stage}`, {}, change.stage),
      note: change.note ? t("mail.stageNote", { note: change.note }) : "",
    }),
  };
}
