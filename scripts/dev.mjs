#!/usr/bin/env node
// `npm run dev`: the API restarts on every change (TypeScript compiled in watch mode, node --watch),
// and the admin runs on Vite's dev server with hot reload, proxying /api to the API.
import { spawn, spawnSync } from "node:child_process";

const run = (name, command, args, env = {}) => {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  child.on("exit", (code) => {
    console.error(`${name} stopped (${code}); stopping the rest`);
    process.exit(code ?? 1);
  });
  return child;
};

// a first build so that node --watch has something to run
for (const project of ["packages/shared/tsconfig.build.json", "apps/api/tsconfig.build.json"]) {
  const { status } = spawnSync("npx", ["tsc", "-p", project], { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
run("shared", "npx", ["tsc", "-p", "packages/shared/tsconfig.build.json", "--watch", "--preserveWatchOutput"]);
run("api build", "npx", ["tsc", "-p", "apps/api/tsconfig.build.json", "--watch", "--preserveWatchOutput"]);
// the admin reports translation keys it cannot find; only a development API records them
run("api", process.execPath, ["--watch", "apps/api/dist/server.js"], {
  LOCALES_SAVE_MISSING: process.env.LOCALES_SAVE_MISSING ?? "true",
});
run("admin", "npm", ["run", "dev", "-w", "@csc/admin"]);
console.log(
  "\nAdmin with hot reload: http://localhost:5173 (kmc.localhost:5173, recruiter.localhost:5173 …); API: :3000\n",
);
