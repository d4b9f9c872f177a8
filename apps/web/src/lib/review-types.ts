import type { ReviewType } from '@falcon/api-client/lite';

/*
 * The contract's REVIEW_TYPES live next to its zod schemas (contract/review.ts); importing the value
 * from the full entry put zod (~25 kB gz) into the reviews route (56 kB, budget 50). Until
 * @falcon/api-client/lite exports it (STATUS.md, Requests), this copy is typed against the contract
 * here and checked equal to it in review-types.test.ts.
 */
export const REVIEW_TYPES = [
  'scan',
  'deactivate',
  'changequantity',
  'additionalorder',
  'inventorytransfer',
] as const satisfies readonly ReviewType[];
