import type { Province } from "@csc/shared";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../shell/providers/http";
import { type LanguageCode, useLanguage } from "../../shell/providers/i18n";

/** A place of the Nepal hierarchy (`GET /api/locations/...`): what every level has. */
export type Place = Province;

export type LocationLevel = "province" | "district" | "municipality";

const ENDPOINTS: Record<LocationLevel, { path: string; parentParam?: string }> = {
  province: { path: "/api/locations/provinces" },
  district: { path: "/api/locations/districts", parentParam: "province_id" },
  municipality: { path: "/api/locations/municipalities", parentParam: "district_id" },
};

/** The places of a level under a parent (provinces need none); the hierarchy never changes while the app runs. */
export function usePlaces(level: LocationLevel, parentId: number | null | undefined) {
  const { path, parentParam } = ENDPOINTS[level];
  const ready = !parentParam || typeof parentId === "number";
  return useQuery({
    queryKey: ["csc", "locations", level, parentParam ? parentId : null],
    queryFn: async () => {
      const params = parentParam ? { [parentParam]: parentId } : undefined;
      const { data } = await http.get<{ data: Place[] }>(path, { params });
      return data.data;
    },
    enabled: ready,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Nepali names when the language is np-NP. */
export const placeName = (place: Place, language: LanguageCode) =>
  language === "np-NP" && place.name_np ? place.name_np : place.name;

/** The name of one place, for display. */
export function usePlaceName(level: LocationLevel, id: unknown, parentId: unknown): string | null {
  const language = useLanguage();
  const parent = typeof parentId === "number" ? parentId : null;
  const places = usePlaces(level, parent);
  if (typeof id !== "number") return null;
  const place = places.data?.find((candidate) => candidate.id === id);
  return place ? placeName(place, language) : null;
}
