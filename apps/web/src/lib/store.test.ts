import { describe, expect, it } from 'vitest';
import { fakeSession } from '../testing/session';
import {
  chooseConcern,
  chooseContainer,
  LANGUAGE_KEY,
  onBranchLoaded,
  onLocationLoaded,
  reloadStateFromStorage,
  resetState,
  STORAGE_KEY,
  setLanguage,
  setSession,
  state,
} from './store';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');

describe('the persisted store', () => {
  it('keeps session and selection under "falcon" and the language under "language"', async () => {
    setSession(fakeSession({ username: 'kdadmin' }), true);
    chooseConcern('C001');
    setLanguage('cz');
    await flush();
    expect(stored()).toMatchObject({
      session: { username: 'kdadmin' },
      selection: { concernCode: 'C001' },
      rememberedUsername: 'kdadmin',
    });
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('cz');
  });

  it('comes back after a reload, but never with server data such as the concern list', async () => {
    setSession(fakeSession({ username: 'staff' }));
    state.concerns = [{ code: 'C001', name: 'Alpha' }];
    await flush();
    state.session = null;
    reloadStateFromStorage();
    expect(state).toMatchObject({ session: { username: 'staff' } });
    expect(state.concerns).toBeNull();
  });

  it('drops a corrupt entry instead of failing', () => {
    localStorage.setItem(STORAGE_KEY, '{not json');
    reloadStateFromStorage();
    expect(state.session).toBeNull();
  });

  it('sign-out resets everything but the remembered username and the language', async () => {
    setSession(fakeSession({ username: 'sales' }), true);
    chooseConcern('C003');
    setLanguage('pl');
    resetState();
    await flush();
    expect(state.session).toBeNull();
    expect(state.selection.concernCode).toBeNull();
    expect(state.rememberedUsername).toBe('sales');
    expect(state.language).toBe('pl');
    expect(stored().session).toBeNull();
  });

  it('forgets the username when "remember" is unticked at the next sign-in', () => {
    setSession(fakeSession({ username: 'sales' }), true);
    setSession(fakeSession({ username: 'sales' }), false);
    expect(state.rememberedUsername).toBeNull();
  });

  it('reads cs as Czech (cz) from storage', () => {
    localStorage.setItem(LANGUAGE_KEY, 'cs');
    reloadStateFromStorage();
    expect(state.language).toBe('cz');
  });
});

describe('selection rules wired to the store (spec section 4)', () => {
  it('choosing a concern clears branch, location and container', () => {
    onLocationLoaded({ code: 'L1', parentBranch: { code: 'B1', parentConcern: { code: 'C1' } } });
    chooseContainer('K1');
    chooseConcern('C2');
    expect(state.selection).toEqual({
      concernCode: 'C2',
      branchCode: null,
      locationCode: null,
      containerId: null,
    });
  });

  it('loading a branch sets its concern and clears location and container', () => {
    onLocationLoaded({ code: 'L1', parentBranch: { code: 'B1', parentConcern: { code: 'C1' } } });
    onBranchLoaded({ code: 'B9', parentConcern: { code: 'C9' } });
    expect(state.selection).toEqual({
      concernCode: 'C9',
      branchCode: 'B9',
      locationCode: null,
      containerId: null,
    });
  });

  it('loading a location sets branch and concern and clears the container', () => {
    chooseContainer('K1');
    onLocationLoaded({ code: 'L2', parentBranch: { code: 'B2', parentConcern: { code: 'C2' } } });
    expect(state.selection).toEqual({
      concernCode: 'C2',
      branchCode: 'B2',
      locationCode: 'L2',
      containerId: null,
    });
  });
});
