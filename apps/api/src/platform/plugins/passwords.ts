import fp from "fastify-plugin";
import { createHashGate } from "../hash-gate.js";
import { hashPassword, verifyPassword } from "../password.js";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Password hashing through one bounded, fair gate; `keys` name who the hash is for (the client's
     * address, the account tried) so that none of them holds more than a small share of it. When
     * it is full, or the key's share is, they throw HashGateBusy (503).
     */
    passwords: {
      hash: (password: string, keys?: readonly string[]) => Promise<string>;
      verify: (password: string, stored: string, keys?: readonly string[]) => Promise<boolean>;
    };
  }
}

export default fp(
  async (app) => {
    const { passwordHashCost, passwordHashConcurrency, passwordHashQueue } = app.config;
    const gate = createHashGate(passwordHashConcurrency, passwordHashQueue);
    app.decorate("passwords", {
      hash: (password: string, keys?: readonly string[]) =>
        gate.run(() => hashPassword(password, passwordHashCost), keys),
      verify: (password: string, stored: string, keys?: readonly string[]) =>
        gate.run(() => verifyPassword(password, stored), keys),
    });
  },
  { name: "passwords", dependencies: ["request"] },
);
