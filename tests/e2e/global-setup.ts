import type { TestProject } from "vitest/node";
import { startServer } from "./support/server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Port of the app the suite shares (demo data, maintenance off). */
    e2ePort: number;
  }
}

/** One server for the whole suite; the maintenance test starts its own. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide("e2ePort", server.port);
  return async () => {
    await server.stop();
  };
}
