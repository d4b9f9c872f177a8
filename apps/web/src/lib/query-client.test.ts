import { ApiError } from '@falcon/api-client';
import { afterEach, expect, it, vi } from 'vitest';
import { queryClient } from './query-client';

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
});

const fail = (error: Error) =>
  queryClient
    .fetchQuery({ queryKey: ['failing', error.message], queryFn: () => Promise.reject(error) })
    .catch(() => {});

it('logs a 404 as one line, without a stack trace', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  await fail(new ApiError(404, 'location_not_found', 'Location not found.'));
  expect(error).not.toHaveBeenCalled();
  expect(info).toHaveBeenCalledWith('404 location_not_found: Location not found.');
});

it('logs what went wrong (a 5xx, a broken call) with its stack', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  await fail(new ApiError(500, 'internal_error', 'Internal error.'));
  await fail(new TypeError('Failed to fetch'));
  expect(error).toHaveBeenCalledTimes(2);
});
