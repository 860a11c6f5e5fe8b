import { ADMIN_PREFIX, usesAdminPrefix } from "./menu.js";
import { TEXT_LANGUAGES, type TextLanguage } from "./resource-text.js";
import type { Role } from "./roles.js";

/**
 * Help inside the product: where the Help page is; how a tutorial's video address is
 * read and embedded is video.ts. The Help page is reached from the header, never from the menus.
 */

/** The Help page: `/help` for learners, `/admin/help` for everyone else (learners are not prefixed). */
export const helpPath = (role: Role): string => (usesAdminPrefix(role) ? `${ADMIN_PREFIX}/help` : "/help");

/** Where provider staff manage the tutorials (its list, create, edit and show pages below it). */
export const TUTORIALS_PATH = `${ADMIN_PREFIX}/tutorials`;

/* Help articles: files in the repository, served by `GET /api/help/articles`. */

/** Articles are written in every language of the product. */
export const HELP_LANGUAGES = TEXT_LANGUAGES;
export type HelpLanguage = TextLanguage;
/* The assistant: `POST /api/help/ask`. */

export const HELP_QUESTION_MAX_LENGTH = 300;
