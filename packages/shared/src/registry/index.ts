export * from "./fields.js";
export * from "./meta.js";
export * from "./resources.js";
export * from "./types.js";
