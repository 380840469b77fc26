/**
 * The object's reserved ids, as an operation takes them: the object reserves
 * blocks of ids (`reserveIdsQuery`) in an operation's read batch when its
 * block runs low, and the operation's decision takes new rows' ids from it.
 * Built by the object over its own reservation (`CartObject.idPool`) and
 * handed to the operations that need ids as a value.
 */
import type { IdSource } from "../domain/cart/cart-change";

export interface IdPool {
  /** How many ids to reserve in the read batch for an operation needing `wanted` (0: enough left). */
  toReserve(wanted: number): number;
  /** The read batch reserved `count` ids (`rows`: what the reservation returned). */
  reserved(rows: { lastId: number }[], count: number): void;
  /** Runs `work` with the reserved ids; reserves more (one extra round trip) if they run out. */
  withIds<T>(work: (ids: IdSource) => T): Promise<T>;
}
