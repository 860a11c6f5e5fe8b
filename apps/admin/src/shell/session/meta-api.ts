import { http } from "../providers/http";
import type { Meta } from "./types";

export const META_QUERY_KEY = ["csc", "meta"] as const;

/** `GET /api/meta`: the signed-in user's menu, already cut to their role and plan. */
export async function fetchMeta(): Promise<Meta> {
  const { data } = await http.get<{ data: Meta }>("/api/meta");
  return data.data;
}
