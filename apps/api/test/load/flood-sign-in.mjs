// A flood of wrong passwords, in its own process as an outside client would be: `connections`
// loops, each over one keep-alive connection from one of `addresses`, until `seconds` have passed
// or 50,000 requests each. Prints the answers' statuses as JSON when done.
import { Agent, request } from "node:http";

const [port, host, targetEmail, seconds, connections, ...addresses] = process.argv.slice(2);
const deadline = Date.now() + Number(seconds) * 1_000;
const statuses = {};

function post(agent, payload) {
  const body = JSON.stringify(payload);
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: Number(port),
        method: "POST",
        path: "/api/auth/login",
        agent,
        headers: { host, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

await Promise.all(
  Array.from({ length: Number(connections) }, async (_, n) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: addresses[n % addresses.length] });
    for (let sent = 0; sent < 50_000 && Date.now() < deadline; sent++) {
      // wrong passwords for the real user's own account and for unknown ones, alternately
      const email = sent % 2 === 0 ? targetEmail : `guess.${n}.${sent}@example.com`;
      const status = await post(agent, { email, password: `Wrong#${sent}` });
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    agent.destroy();
  }),
);
process.stdout.write(JSON.stringify(statuses));
