import { join } from "node:path";
import { loadConfig, REPO_ROOT } from "./config.js";
import { backup, restore } from "./platform/backup.js";

/**
 * `npm run backup [-- <folder>]`: the configured database and data folder, taken while the server
 * serves, into a new folder (backups/<time> by default).
 * `npm run restore -- <folder>`: puts such a backup back; stop the server first.
 */
const config = loadConfig();
const [command, folder] = process.argv.slice(2);
const settings = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
if (command === "backup") {
  const target = folder ?? join(REPO_ROOT, "backups", new Date().toISOString().replace(/[:.]/g, "-"));
  const written = await backup(settings, target);
  console.log(`Backed up into ${target}: ${written.join(", ")}`);
} else if (command === "restore" && folder) {
  await restore(settings, folder);
  console.log(`Restored ${folder}. Start the server again.`);
} else {
  console.error("usage: backup [folder] | restore <folder>");
  process.exit(1);
}
