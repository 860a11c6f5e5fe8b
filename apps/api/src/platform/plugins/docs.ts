import swagger from "@fastify/swagger";
import fp from "fastify-plugin";

/** OpenAPI generated from every route's schema, served at GET /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: "Career Service Center API", version: "1.0.0" },
        components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      },
    });
  },
  { name: "docs" },
);
