// A local webhook receiver for `npm run events:demo` and the bench: verifies
// every request's Standard Webhooks signature with the `standardwebhooks`
// package, records each event (once per `webhook-id`) with its arrival time,
// and can refuse the first attempt of each id (500) to show the retries.
import { Buffer } from "node:buffer";
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";

export async function startReceiver({ port, failFirst = false }) {
  let verifier = null;
  const attempts = new Map();
  const received = [];
  /** Every delivery answered 2xx, retries and replays included (the bench's replay counts them). */
  const accepted = [];
  let invalid = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let event;
      try {
        if (!verifier) throw new Error("no secret yet");
        event = verifier.verify(body, req.headers);
      } catch {
        invalid += 1;
        res.writeHead(400).end();
        return;
      }
      const id = req.headers["webhook-id"];
      const n = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, n);
      if (failFirst && n === 1 && event.type !== "webhook.ping") {
        res.writeHead(500).end();
        return;
      }
      if (n === 1 || (failFirst && n === 2)) received.push({ event, at: Date.now(), attempts: n });
      accepted.push({ id, at: Date.now() });
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    /** The endpoint's signing secret (`whsec_...`), once the endpoint is created. */
    useSecret: (secret) => {
      verifier = new Webhook(secret);
    },
    received,
    accepted,
    attempts,
    get invalid() {
      return invalid;
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
