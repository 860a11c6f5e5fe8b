import { loadConfig } from "./config.js";
import { connect } from "./db/connect.js";
import { migrateToLatest } from "./db/migrate.js";
import { seedIfEmpty } from "./seed/index.js";

/** `npm run seed`: migrate and seed the configured database when it is empty. */
const config = loadConfig();
const { db } = connect(config.databaseUrl);
await migrateToLatest(db);
const seeded = await seedIfEmpty(db, {
  demo: config.seedDemo,
  demoPassword: config.demoPassword,
  passwordHashCost: config.passwordHashCost,
});
console.log(seeded ? "Seeded the database." : "The database is not empty: nothing was changed.");
await db.destroy();
