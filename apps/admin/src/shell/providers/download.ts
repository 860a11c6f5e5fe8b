import { fileNameOf } from "../../engine/list/fileName";
import { http } from "./http";

/**
 * Downloads a file of ours through our client (it carries the bearer token, which a plain link
 * would not), saved under the name the server gives it (`fallbackName` when it gives none). A
 * refusal throws with the server's own message.
 */
export async function downloadFile(url: string, fallbackName: string, accept = "*/*"): Promise<string> {
  const response = await http
    .get<Blob>(url, { responseType: "blob", headers: { Accept: accept } })
    .catch(async (error: { message?: string; response?: { data?: unknown } }) => {
      // asked for a blob, the server's JSON error arrives as one: show its message, not axios's
      throw new Error((await serverMessage(error.response?.data)) ?? error.message ?? String(error));
    });
  const disposition = response.headers["content-disposition"];
  const name = fileNameOf(typeof disposition === "string" ? disposition : undefined, fallbackName);
  saveFile(response.data, name);
  return name;
}

/** Saves a Blob or a data URL under `filename` through a temporary link. */
export function saveFile(source: Blob | string, filename: string): void {
  const url = typeof source === "string" ? source : URL.createObjectURL(source);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  if (typeof source !== "string") setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

async function serverMessage(body: unknown): Promise<string | null> {
  if (!(body instanceof Blob)) return null;
  try {
    return (JSON.parse(await body.text()) as { message?: string }).message ?? null;
  } catch {
    return null;
  }
}
