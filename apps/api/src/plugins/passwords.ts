import fp from "fastify-plugin";
import { createHashGate } from "../lib/hash-gate.js";
import { hashPassword, verifyPassword } from "../lib/password.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Password hashing through one bounded gate; when it is full they throw HashGateBusy (503). */
    passwords: {
      hash: (password: string) => Promise<string>;
      verify: (password: string, stored: string) => Promise<boolean>;
    };
  }
}

export default fp(
  async (app) => {
    const { passwordHashCost, passwordHashConcurrency, passwordHashQueue } = app.config;
    const gate = createHashGate(passwordHashConcurrency, passwordHashQueue);
    app.decorate("passwords", {
      hash: (password: string) => gate.run(() => hashPassword(password, passwordHashCost)),
      verify: (password: string, stored: string) => gate.run(() => verifyPassword(password, stored)),
    });
  },
  { name: "passwords", dependencies: ["context"] },
);
