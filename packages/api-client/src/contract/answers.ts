import type { MessageKey } from '../constants';
import { type AnyEndpoint, pathParamNames } from './define';

/** One documented failure of an endpoint: its status, what it means, and for 409 the message keys. */
export interface ErrorAnswer {
  status: number;
  description: string;
  keys?: readonly MessageKey[];
}

/**
 * Every failure status an endpoint answers with, derived from its contract metadata (never listed by
 * hand per endpoint): the OpenAPI document and the server's check for undocumented answers read it.
 * 500 is not among them: it is a bug.
 */
export const errorAnswersOf = (endpoint: AnyEndpoint): ErrorAnswer[] => {
  const answers: ErrorAnswer[] = [];
  const mutating = endpoint.method !== 'GET';
  // A POST or DELETE may carry a body that is not JSON even where the contract takes none.
  if (endpoint.params || endpoint.query || endpoint.body || mutating)
    answers.push({
      status: 400,
      description:
        'Invalid input: details.field names the field (text with NUL or a lone surrogate is invalid too)',
    });
  if (endpoint.auth !== 'public')
    answers.push({ status: 401, description: 'No session, or the session has ended (unauthorized)' });
  else if (endpoint.unauthorized !== false && (endpoint.unauthorized || endpoint.throttled))
    answers.push({
      status: 401,
      description: endpoint.unauthorized || 'login_failed: the username or the password is wrong',
    });
  const forbidden = [
    ...(mutating ? ['csrf_header_missing: the X-Requested-With header is missing'] : []),
    ...(endpoint.permissions?.length ? [`forbidden: needs ${endpoint.permissions.join(' and ')}`] : []),
    ...(endpoint.inputPermissions ? [`forbidden: ${endpoint.inputPermissions}`] : []),
  ];
  if (forbidden.length) answers.push({ status: 403, description: forbidden.join('; ') });
  if (pathParamNames(endpoint.path).length || endpoint.notFound)
    answers.push({
      status: 404,
      description: endpoint.notFound ?? "Missing, or outside the user's scope (the same answer)",
    });
  if (endpoint.conflicts?.length)
    answers.push({
      status: 409,
      description: `Conflict with the current state: ${endpoint.conflicts.join(', ')}`,
      keys: endpoint.conflicts,
    });
  if (endpoint.multipart)
    answers.push(
      { status: 413, description: `The file is larger than ${endpoint.multipart.maxBytes} bytes` },
      { status: 415, description: `The file is none of ${endpoint.multipart.accept.join(', ')}` },
    );
  if (endpoint.throttled)
    answers.push({
      status: 429,
      description:
        endpoint.unauthorized === undefined
          ? 'Too many failed attempts for this username from this address: wait Retry-After seconds (details.retryAfterSeconds)'
          : 'Too many failed attempts from this address: wait Retry-After seconds (details.retryAfterSeconds)',
    });
  answers.push({
    status: 503,
    description: 'Overloaded, or the database is away: retry after Retry-After seconds',
  });
  return answers;
};

/** The statuses of `errorAnswersOf`: is an answer's status documented for the endpoint? */
export const errorStatusesOf = (endpoint: AnyEndpoint): ReadonlySet<number> =>
  new Set(errorAnswersOf(endpoint).map((a) => a.status));
