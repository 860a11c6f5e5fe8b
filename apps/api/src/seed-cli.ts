import { join } from "node:path";
import { loadConfig } from "./config.js";
import { connect } from "./platform/db/connect.js";
import { migrateToLatest } from "./platform/db/migrate.js";
import { seedIfEmpty } from "./seed/index.js";
import { seedScale } from "./seed/scale.js";

/**
 * `npm run seed`: migrate and seed the configured database when it is empty.
 * `npm run seed -- --scale N`: also add N learners and proportional catalogue rows (benchmarks).
 */
const config = loadConfig();
const args = process.argv.slice(2);
const scaleAt = args.indexOf("--scale");
const scale = scaleAt >= 0 ? Number(args[scaleAt + 1]) : 0;
if (scaleAt >= 0 && !(Number.isInteger(scale) && scale > 0)) {
  console.error("--scale needs a positive whole number of learners, e.g. --scale 100000");
  process.exit(1);
}
const { db } = connect(config.databaseUrl);
await migrateToLatest(db);
const seeded = await seedIfEmpty(db, {
  demo: config.seedDemo,
  demoPassword: config.demoPassword,
  passwordHashCost: config.passwordHashCost,
  uploadsDir: join(config.dataDir, "uploads"),
});
console.log(seeded ? "Seeded the database." : "The database is not empty: the demo seed was left alone.");
if (scale > 0) {
  const started = Date.now();
  const counts = await seedScale(db, scale, config.passwordHashCost);
  console.log(`Added ${scale} learners in ${((Date.now() - started) / 1000).toFixed(1)} s:`, counts);
}
await db.destroy();
