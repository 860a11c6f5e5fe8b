export * from "./fields.js";
export * from "./resources.js";
export * from "./types.js";
