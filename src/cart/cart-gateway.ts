import type { CartObject } from "./cart-object";

/** How HTTP handlers reach a cart's Durable Object (one object per cart id). */
export class CartGateway {
  constructor(private readonly namespace: DurableObjectNamespace<CartObject>) {}

  stub(cartId: number): DurableObjectStub<CartObject> {
    return this.namespace.get(this.namespace.idFromName(`cart:${cartId}`));
  }
}
