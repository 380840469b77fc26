/**
 * Product reviews: Sylius 1.8's `sylius_product_review` state machine
 * (CoreBundle's state_machine/sylius_product_review.yml) and the average
 * rating (ReviewBundle's AverageRatingCalculator). Pure.
 */

export type ReviewState = "new" | "accepted" | "rejected";
export type ReviewTransition = "accept" | "reject";

/** `accept`: new → accepted; `reject`: new → rejected. Nothing leaves accepted or rejected. */
export const REVIEW_TRANSITIONS: { readonly [T in ReviewTransition]: { readonly from: readonly ReviewState[]; readonly to: ReviewState } } = {
  accept: { from: ["new"], to: "accepted" },
  reject: { from: ["new"], to: "rejected" },
};

/** The state a transition leads to, or the 400's message when the review's state does not allow it. */
export function applyReviewTransition(state: ReviewState, transition: ReviewTransition): { ok: true; state: ReviewState } | { ok: false; message: string } {
  const rule = REVIEW_TRANSITIONS[transition];
  if (rule.from.includes(state)) return { ok: true, state: rule.to };
  return { ok: false, message: `Transition "${transition}" cannot be applied on product review state "${state}".` };
}

/**
 * The average of the accepted reviews' ratings (0 without any), from their
 * sum and count: Sylius' `$sum / $reviewsNumber` in floating point.
 */
export const averageRating = (acceptedSum: number, acceptedCount: number): number => (acceptedCount > 0 ? acceptedSum / acceptedCount : 0);
