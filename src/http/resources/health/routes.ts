import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { describeRoute } from "../../openapi/describe";
import { COMMON_HEADERS, json, ref, serviceOperation } from "../../openapi/refs";
import { pingDatabase } from "../../../data/db";
// Registers the answers' schemas as components.
import "./schemas";

const docs = describeRoute({
  operation: () =>
    serviceOperation({
      operationId: "health",
      summary: "Health check",
      description: "200 once the database answers.",
      responses: {
        "200": { description: "Healthy.", headers: COMMON_HEADERS, content: json(ref("Health")) },
        "503": { description: "The database does not answer.", headers: COMMON_HEADERS, content: json(ref("HealthUnavailable")) },
      },
    }),
});

export const healthRoutes = new Hono<AppEnv>().get("/", docs, async (c) => {
  try {
    await pingDatabase(c.get("d1").asD1());
    return c.json({ status: "ok" });
  } catch (error) {
    console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), health: String(error) }));
    return c.json({ status: "unavailable" }, 503);
  }
});
