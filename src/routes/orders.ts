import { Hono } from "hono";
import type { AppEnv } from "../http/context";

// Placeholder: built by its capability's issue.
export const orderRoutes = new Hono<AppEnv>({ strict: false });
