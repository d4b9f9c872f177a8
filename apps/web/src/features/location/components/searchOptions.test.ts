import * as contract from '@falcon/api-client';
import { describe, expect, it } from 'vitest';
import { DELIVERY_STATES, RESULT_SORT_OPTIONS } from './searchOptions';

describe('search options', () => {
  it('are the contract’s own', () => {
    expect(RESULT_SORT_OPTIONS).toEqual(contract.RESULT_SORT_OPTIONS);
    expect(DELIVERY_STATES).toEqual(contract.DELIVERY_STATES);
  });
});
