import { ACTION_PERMISSIONS, ApiError } from '@falcon/api-client/lite';
import { describe, expect, it } from 'vitest';
import {
  actionRefusal,
  defaultOrderDate,
  earliestOrderDay,
  localIsoDate,
  parseAmount,
  permittedActions,
  refusalOf,
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

  it('show an action that waits for review, or that an inactive container cannot take, as refused with its reason', () => {
    const active = { active: true, pendingRequests: [] };
    expect(actionRefusal('changeQuantity', active)).toBeNull();
    expect(actionRefusal('changeQuantity', { active: true, pendingRequests: ['changequantity'] })).toBe(
      'pending',
    );
    // Another kind waiting does not block this one.
    expect(
      actionRefusal('additionalOrder', { active: true, pendingRequests: ['changequantity'] }),
    ).toBeNull();
    // A scan of the whole rack waiting covers the container's scan.
    expect(actionRefusal('scan', { active: true, pendingRequests: ['rackscan'] })).toBe('rackScanPending');
    expect(actionRefusal('scan', { active: false, pendingRequests: [] })).toBe('inactive');
    // The answer without pendingRequests (a search row) refuses nothing.
    expect(actionRefusal('deactivate', { active: true })).toBeNull();
  });

  it('read why a 409 was answered: the reason the server names, else the container as it is now', () => {
    const conflict = (details?: Record<string, unknown>) =>
      new ApiError(409, 'request_not_applicable', 'No.', details);
    expect(refusalOf(conflict({ reason: 'not_pending' }), null, null)).toBe('not_pending');
    expect(refusalOf(conflict({ reason: 'not_own' }), null, null)).toBe('not_own');
    // A reason the web does not know is not shown as one.
    expect(refusalOf(conflict({ reason: 'something_else' }), null, null)).toBeNull();
    const scanRefused = new ApiError(409, 'scan_error', 'The same request is waiting for review already.');
    expect(refusalOf(scanRefused, 'scan', { active: true, pendingRequests: ['scan'] })).toBe('pending');
    expect(refusalOf(scanRefused, 'scan', { active: false, pendingRequests: [] })).toBe('inactive');
    // Not a 409: no reason (the action's own error message stands).
    expect(refusalOf(new ApiError(500, 'internal_error', 'x'), 'scan', { active: false })).toBeNull();
  });
});
