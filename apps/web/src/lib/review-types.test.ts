import { REVIEW_TYPES as CONTRACT_REVIEW_TYPES } from '@falcon/api-client';
import { describe, expect, it } from 'vitest';
import { REVIEW_TYPES } from './review-types';

describe('review types', () => {
  it('are the contract’s, in its order', () => {
    expect(REVIEW_TYPES).toEqual(CONTRACT_REVIEW_TYPES);
  });
});
