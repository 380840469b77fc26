import { Hono } from "hono";
import type { AppEnv } from "../../context";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  try {
    await c.var.d1.asD1().prepare("SELECT 1").first();
    return c.json({ status: "ok" });
  } catch (error) {
    console.error(JSON.stringify({ level: "error", requestId: c.var.requestId, health: String(error) }));
    return c.json({ status: "unavailable" }, 503);
  }
});
