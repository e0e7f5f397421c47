/**
 * The order of the per-product user types (roles.ts; none < member < editor < admin), without zod:
 * the portal's navigation reads it on every signed-in first load, which must not bring zod for it.
 */
export const productRank = { none: 0, member: 1, editor: 2, admin: 3 } as const;
