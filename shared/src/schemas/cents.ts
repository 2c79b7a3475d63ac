/**
 * At least one whole cent once rounded: a tiny positive float such as 5e-324 passes `positive()` and
 * even `multipleOf(0.01)`, then rounds to 0 cents, which the database refuses. No zod here, so the
 * payer pages' schemas (zod/mini) can use it without loading the full zod.
 */
export const atLeastOneCent = (amount: number): boolean => Math.round(amount * 100) >= 1;
