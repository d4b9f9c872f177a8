/**
 * The selection rules of spec section 4, as pure transitions over the selected codes.
 * The web store applies them; tests pin them.
 */
export interface Selection {
  concernCode: string | null;
  branchCode: string | null;
  locationCode: string | null;
  containerId: string | null;
}

export const EMPTY_SELECTION: Selection = {
  concernCode: null,
  branchCode: null,
  locationCode: null,
  containerId: null,
};

/** Choosing a concern clears branch, location and container. */
export const selectConcern = (_: Selection, concernCode: string | null): Selection => ({
  ...EMPTY_SELECTION,
  concernCode,
});

/** Loading a branch sets the concern from its parent and clears location and container. */
export const branchLoaded = (
  _: Selection,
  branch: { code: string; parentConcern: { code: string } },
): Selection => ({
  concernCode: branch.parentConcern.code,
  branchCode: branch.code,
  locationCode: null,
  containerId: null,
});

/** Loading a location sets branch and concern from its parents and clears the container. */
export const locationLoaded = (
  _: Selection,
  location: { code: string; parentBranch: { code: string; parentConcern: { code: string } } },
): Selection => ({
  concernCode: location.parentBranch.parentConcern.code,
  branchCode: location.parentBranch.code,
  locationCode: location.code,
  containerId: null,
});

export const selectContainer = (selection: Selection, containerId: string | null): Selection => ({
  ...selection,
  containerId,
});

/** Selector entries show name and code, except the code is hidden for "0" and "branch_0". */
export const HIDDEN_CODES: ReadonlySet<string> = new Set(['0', 'branch_0']);
export const selectorLabel = (entry: { code: string; name: string }): string =>
  HIDDEN_CODES.has(entry.code) ? entry.name : `${entry.name} (${entry.code})`;
