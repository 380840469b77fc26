/**
 * A deployment's webhook settings, from its bindings (the Worker entry hands
 * them over; handlers read the request's variables): the Worker secret that
 * seals signing secrets, and whether endpoints may call this machine.
 */
export interface WebhookBindings {
  WEBHOOK_SECRETS_KEY?: string | undefined;
  WEBHOOKS_ALLOW_LOCAL_HTTP: string;
}

export const webhookSettings = (env: WebhookBindings) => ({
  webhookSecretsKey: env.WEBHOOK_SECRETS_KEY ?? null,
  webhooksAllowLocalHttp: env.WEBHOOKS_ALLOW_LOCAL_HTTP === "true",
});
