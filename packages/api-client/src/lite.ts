// @falcon/api-client/lite — the typed client and everything a browser needs at first, without zod
// and without the schemas: constants, permission catalogue, domain rules, errors. Responses are
// not checked against the contract here (the full entry's client does that, in tests and tools);
// the types are the same.

export type { CallInput, EndpointCall, TypedClient } from './client';
export * from './constants';
export type * from './contract/admin';
export type * from './contract/auth';
export type { ErrorBody, ListRequest, NamedCode, Page } from './contract/common';
export type * from './contract/container';
export type * from './contract/define';
export type * from './contract/exports';
export type * from './contract/label-sheets';
export type * from './contract/lists';
export type * from './contract/location';
export type * from './contract/mfa';
export type * from './contract/org';
export type * from './contract/protocol';
export type * from './contract/review';
export type * from './contract/search';
export type * from './contract/sso';
export type * from './contract/stocktake';
export * from './data-constants';
export * from './domain/app-shell';
export * from './domain/fields';
export * from './domain/label-sheets';
export * from './domain/ownership';
export * from './domain/paging';
export * from './domain/permissions';
export * from './domain/roles';
export * from './domain/scope';
export * from './domain/selection';
export * from './domain/sso';
export * from './domain/validation';
export * from './errors';
export { createApiClient } from './lite-client';
export * from './permissions';
export { createPublicApiClient, type PublicClient } from './public-client';
export * from './requester';
export * from './results';
export { ROUTES } from './routes.gen';
export { PUBLIC_ROUTES } from './routes.public.gen';
