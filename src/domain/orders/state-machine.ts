/**
 * A state machine as data: each transition lists the states it may start from
 * and the one it leads to (Sylius' winzou graphs, copied from CoreBundle's
 * `Resources/config/app/state_machine/*.yml`). Pure: `apply` returns the new
 * state or a refusal carrying the exact 409 text, and never throws.
 */
import { ORDER_MSG, type MachineLabel } from "./messages";

export interface TransitionRule<S extends string> {
  readonly from: readonly S[];
  readonly to: S;
}

/** A refused transition: the HTTP layer answers 409 with `message`. */
export interface TransitionRefused {
  readonly kind: "transition_refused";
  readonly machine: MachineLabel;
  readonly transition: string;
  readonly state: string;
  readonly message: string;
}

export type Applied<S extends string> =
  | { readonly ok: true; readonly state: S }
  | { readonly ok: false; readonly refusal: TransitionRefused };

export interface StateMachine<S extends string, T extends string> {
  readonly label: MachineLabel;
  readonly states: readonly S[];
  readonly transitions: { readonly [K in T]: TransitionRule<S> };
  can(state: S, transition: T): boolean;
  apply(state: S, transition: T): Applied<S>;
  /** Sylius' cascades and resolvers: apply when allowed, otherwise stay (never a refusal). */
  applyIfAllowed(state: S, transition: T): S;
}

/** The states of a machine. */
export type StateOf<M> = M extends StateMachine<infer S, string> ? S : never;
/** The transitions of a machine, by name. */
export type TransitionOf<M> = M extends StateMachine<string, infer T> ? T : never;

export function refusal(machine: MachineLabel, transition: string, state: string): TransitionRefused {
  return {
    kind: "transition_refused",
    machine,
    transition,
    state,
    message: ORDER_MSG.transitionRefused(transition, machine, state),
  };
}

/** A machine from its states and its transitions (whose names become `T`; `from` and `to` must be states). */
export function defineMachine<S extends string, T extends string>(
  label: MachineLabel,
  states: readonly S[],
  transitions: { readonly [K in T]: TransitionRule<NoInfer<S>> },
): StateMachine<S, T> {
  const can = (state: S, transition: T): boolean => transitions[transition].from.includes(state);
  return {
    label,
    states,
    transitions,
    can,
    apply(state, transition) {
      if (!can(state, transition)) return { ok: false, refusal: refusal(label, transition, state) };
      return { ok: true, state: transitions[transition].to };
    },
    applyIfAllowed(state, transition) {
      return can(state, transition) ? transitions[transition].to : state;
    },
  };
}
