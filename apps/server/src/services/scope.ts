import type { Scope } from '@falcon/api-client';
import { type AnyColumn, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Bind, Values } from '../db/client';
import * as t from '../db/schema';

const TRUE = sql`true`;
const FALSE = sql`false`;

const anyOf = (parts: (SQL | undefined)[]): SQL => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  if (!present.length) return FALSE;
  return present.length === 1 ? (present[0] as SQL) : (or(...present) as SQL);
};
const within = (column: AnyColumn, codes: readonly string[]) =>
  codes.length ? inArray(column, [...codes]) : undefined;

/**
 * Rows below a location (locations, containers, requests...) the scope reaches: the location,
 * its branch or its concern is named. Every tenant query goes through one of these helpers.
 */
export const locationScope = (
  scope: Scope,
  cols: { concernCode: AnyColumn; branchCode: AnyColumn; locationCode: AnyColumn },
): SQL =>
  scope.all
    ? TRUE
    : anyOf([
        within(cols.concernCode, scope.concerns),
        within(cols.branchCode, scope.branches),
        within(cols.locationCode, scope.locations),
      ]);

/** A branch is visible when the scope names it, its concern, or any of its locations. */
export const branchScope = (scope: Scope): SQL =>
  scope.all
    ? TRUE
    : anyOf([
        within(t.branches.concernCode, scope.concerns),
        within(t.branches.code, scope.branches),
        scope.locations.length
          ? inArray(
              t.branches.code,
              sql`(select ${t.locations.branchCode} from ${t.locations} where ${inArray(t.locations.code, [...scope.locations])})`,
            )
          : undefined,
      ]);

/** A concern is visible when the scope reaches into it at all. */
export const concernScope = (scope: Scope): SQL =>
  scope.all
    ? TRUE
    : anyOf([
        within(t.concerns.code, scope.concerns),
        scope.branches.length
          ? inArray(
              t.concerns.code,
              sql`(select ${t.branches.concernCode} from ${t.branches} where ${inArray(t.branches.code, [...scope.branches])})`,
            )
          : undefined,
        scope.locations.length
          ? inArray(
              t.concerns.code,
              sql`(select ${t.locations.concernCode} from ${t.locations} where ${inArray(t.locations.code, [...scope.locations])})`,
            )
          : undefined,
      ]);

export const containerScope = (scope: Scope): SQL =>
  locationScope(scope, {
    concernCode: t.containers.concernCode,
    branchCode: t.containers.branchCode,
    locationCode: t.containers.locationCode,
  });

export const locationTableScope = (scope: Scope): SQL =>
  locationScope(scope, {
    concernCode: t.locations.concernCode,
    branchCode: t.locations.branchCode,
    locationCode: t.locations.code,
  });

export const reviewScope = (scope: Scope): SQL =>
  locationScope(scope, {
    concernCode: t.reviewRequests.concernCode,
    branchCode: t.reviewRequests.branchCode,
    locationCode: t.reviewRequests.locationCode,
  });

/**
 * The scope as named values for a statement compiled once per shape (`queryCompiled`): the codes as
 * arrays (`= any(...)`), so the statement's text depends only on which kinds of entry the scope has.
 */
export const scopeValues = (scope: Scope): Values => {
  if (scope.all) return { 'scopeAll?': true };
  const values: Values = {};
  if (scope.concerns.length) values.scopeConcerns = [...scope.concerns];
  if (scope.branches.length) values.scopeBranches = [...scope.branches];
  if (scope.locations.length) values.scopeLocations = [...scope.locations];
  return values;
};

/** `containerScope` over the values of `scopeValues`, bound by `bind`. */
export const boundContainerScope = (values: Values, bind: Bind): SQL => {
  if ('scopeAll?' in values) return TRUE;
  const c = t.containers;
  return anyOf([
    'scopeConcerns' in values ? sql`${c.concernCode} = any(${bind('scopeConcerns')})` : undefined,
    'scopeBranches' in values ? sql`${c.branchCode} = any(${bind('scopeBranches')})` : undefined,
    'scopeLocations' in values ? sql`${c.locationCode} = any(${bind('scopeLocations')})` : undefined,
  ]);
};

/** The names of the scope's values: the part of a statement's shape the scope decides. */
export const scopeShape = (values: Values): string =>
  ['scopeAll?', 'scopeConcerns', 'scopeBranches', 'scopeLocations'].filter((k) => k in values).join('+');
