import { useCallback, useMemo, useState } from "react";
import { fieldView } from "../../field-types";
import type { FieldMeta, ResourceMeta } from "../types";

/** Fields too long for a table cell are read on the detail page. */
const columnCandidates = (fields: FieldMeta[]) => fields.filter((field) => !fieldView(field.type).notAColumn);

const storageKey = (resource: string) => `csc-columns:${resource}`;

function readStored(resource: string): string[] | null {
  try {
    const raw = localStorage.getItem(storageKey(resource));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) && parsed.every((name) => typeof name === "string") ? parsed : null;
  } catch {
    return null;
  }
}

/** Which columns a list shows: the fields marked `list` until the user chooses, remembered per resource. */
export function useColumnVisibility(meta: ResourceMeta) {
  const candidates = useMemo(() => columnCandidates(meta.fields), [meta.fields]);
  const defaults = useMemo(() => candidates.filter((field) => field.list).map((field) => field.name), [candidates]);
  const [chosen, setChosen] = useState<string[] | null>(() => readStored(meta.name));

  const visible = useMemo(() => {
    const names = (chosen ?? defaults).filter((name) => candidates.some((field) => field.name === name));
    return names.length > 0 ? names : defaults;
  }, [chosen, defaults, candidates]);

  const setVisible = useCallback(
    (names: string[]) => {
      setChosen(names);
      try {
        localStorage.setItem(storageKey(meta.name), JSON.stringify(names));
      } catch {
        // not remembered, still applied
      }
    },
    [meta.name],
  );

  const reset = useCallback(() => {
    setChosen(null);
    try {
      localStorage.removeItem(storageKey(meta.name));
    } catch {
      // nothing stored
    }
  }, [meta.name]);

  return { candidates, visible, setVisible, reset, isDefault: chosen === null };
}
