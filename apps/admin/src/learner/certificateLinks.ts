import type { LanguageCode } from "../shell/providers/i18n";

/** The public page that verifies a certificate, on this site. */
export const certificatePagePath = (code: string) => `/certificates/${encodeURIComponent(code)}`;

/** The printable certificate (`GET /api/public/certificates/{code}.pdf`), in the language asked for. */
export const certificatePdfUrl = (code: string, language: LanguageCode) =>
  `/api/public/certificates/${encodeURIComponent(code)}.pdf?lang=${language}`;
