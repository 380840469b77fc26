/** The health check's answers. */
import { z } from "zod";
import { component } from "../../openapi/common";

export const Health = component("Health", z.object({ status: z.literal("ok") }), "The service and its database answer.");
export const HealthUnavailable = component("HealthUnavailable", z.object({ status: z.literal("unavailable") }));
