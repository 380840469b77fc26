import { Hono } from "hono";
import type { AppEnv } from "../http/context";

// Placeholder: built by its capability's issue.
export const productVariantRoutes = new Hono<AppEnv>({ strict: false });
