/**
 * Server-side captcha check (hCaptcha's `siteverify`, or a service that answers like it): the
 * answer a visitor's browser got is posted, form-encoded, with the secret key and the visitor's
 * address; `success: true` accepts it. Anything else the verifier says refuses it; a verifier that
 * cannot be reached, fails or answers something else is `unavailable` (the caller answers 503).
 */
type CaptchaVerdict = "accepted" | "refused" | "unavailable";

/** How long the verifier may take before the answer is `unavailable`. */
const VERIFY_TIMEOUT_MS = 5_000;

export async function verifyCaptcha(
  verifyUrl: string,
  secret: string,
  token: string,
  remoteIp: string,
): Promise<CaptchaVerdict> {
  let response: Response;
  try {
    response = await fetch(verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }).toString(),
      redirect: "error",
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
  } catch {
    return "unavailable";
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return "unavailable";
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (typeof answer !== "object" || answer === null || !("success" in answer)) return "unavailable";
  return answer.success === true ? "accepted" : "refused";
}
