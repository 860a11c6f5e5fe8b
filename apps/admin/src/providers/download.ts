import { fileNameOf } from "../resources/list/fileName";
import { http } from "./http";

/**
 * Downloads a file of ours through our client (it carries the bearer token, which a plain link
 * would not), saved under the name the server gives it.
 */
export async function downloadFile(url: string, fallbackName: string, accept = "*/*"): Promise<string> {
  const response = await http.get<Blob>(url, { responseType: "blob", headers: { Accept: accept } });
  const disposition = response.headers["content-disposition"];
  const name = fileNameOf(typeof disposition === "string" ? disposition : undefined, fallbackName);
  const href = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
  return name;
}
