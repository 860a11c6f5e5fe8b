// The bare route of the side-by-side bench: Fastify answering one prepared page (rows read once
// from a file, serialised per request) with its total, and nothing else in the request path.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [pageFile, total] = process.argv.slice(2);
const page = JSON.parse(readFileSync(pageFile, "utf8"));
const app = Fastify({ logger: false });
app.get("/*", async (_request, reply) => reply.header("X-Total-Count", total).send(page));
await app.listen({ port: Number(process.env.BARE_PORT), host: process.env.BARE_HOST });
