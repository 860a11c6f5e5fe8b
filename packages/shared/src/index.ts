export * from "./ability.js";
export * from "./features.js";
export * from "./menu.js";
export * from "./roles.js";
