export * from "../resources/index.js";
export * from "./fields.js";
export * from "./meta.js";
export * from "./read-rules.js";
export * from "./types.js";
