import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { reportMemoryOnSignal } from "./platform/memory-report.js";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  reportMemoryOnSignal(app.log);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Career Service Center on http://${config.rootDomain}:${config.port} — college http://kmc.${config.rootDomain}:${config.port}, recruiters http://recruiter.${config.rootDomain}:${config.port}`,
  );
}

void main();
