import type { ResourceDefinition } from "@csc/shared";
import { HOOKS } from "../resources/index.js";
import type { ResourceHooks } from "./types.js";

/** The rules a resource's table keeps beyond the registry (resources/index.ts), or none. */
export const hooksOf = (resource: ResourceDefinition): ResourceHooks => HOOKS[resource.table] ?? {};
