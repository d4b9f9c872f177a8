import { ACTION_PERMISSIONS } from '@falcon/api-client/lite';
import { describe, expect, it } from 'vitest';
import {
  defaultOrderDate,
  earliestOrderDay,
  localIsoDate,
  parseAmount,
  permittedActions,
} from './container-actions';

describe('container actions', () => {
  it('propose tomorrow as an additional order’s delivery date, in the user’s own calendar', () => {
    expect(defaultOrderDate(new Date(2026, 10, 24, 9, 0))).toBe('2026-11-25');
    // Late in the evening is still today: tomorrow is the next local day, not the next UTC one.
    expect(defaultOrderDate(new Date(2026, 10, 24, 23, 59))).toBe('2026-11-25');
    expect(defaultOrderDate(new Date(2026, 11, 31, 12, 0))).toBe('2027-01-01');
    expect(defaultOrderDate(new Date(2028, 1, 28, 12, 0))).toBe('2028-02-29');
  });

  it('let the user pick today at the earliest', () => {
    expect(earliestOrderDay(new Date(2026, 10, 24, 0, 5))).toBe('2026-11-24');
    expect(localIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('offer each action only with its permission, deactivation only for an active container', () => {
    const all = [
      ACTION_PERMISSIONS.containerRefill,
      ACTION_PERMISSIONS.containerChangeQuantity,
      ACTION_PERMISSIONS.containerAdditionalDelivery,
      ACTION_PERMISSIONS.containerDeactivate,
    ];
    expect(permittedActions({ active: true }, all)).toEqual({
      scan: true,
      changeQuantity: true,
      additionalOrder: true,
      deactivate: true,
    });
    expect(permittedActions({ active: false }, all).deactivate).toBe(false);
    expect(permittedActions({ active: true }, [ACTION_PERMISSIONS.containerRefill])).toEqual({
      scan: true,
      changeQuantity: false,
      additionalOrder: false,
      deactivate: false,
    });
  });

  it('read amounts with a comma or a point', () => {
    expect(parseAmount(' 2,5 ')).toBe(2.5);
    expect(parseAmount('3.25')).toBe(3.25);
    expect(parseAmount('')).toBe(0);
  });
});
