import { ApiError } from './errors';

// A module of its own (the requester is what a first page loads; these serve the screens after it).
/**
 * The spec's return conventions (section 8), as thin wrappers over the throwing core:
 * loaders log and resolve to nothing, action helpers resolve to false, user/role saves to the status.
 */
export const load = async <T>(
  call: Promise<T>,
  log: (e: unknown) => void = console.error,
): Promise<T | undefined> => {
  try {
    return await call;
  } catch (error) {
    log(error);
    return undefined;
  }
};

export const act = async (
  call: Promise<unknown>,
  log: (e: unknown) => void = console.error,
): Promise<boolean> => {
  try {
    await call;
    return true;
  } catch (error) {
    log(error);
    return false;
  }
};

/** Resolves to the HTTP status, also on error (0 when the network failed). */
export const saveStatus = async (
  call: Promise<unknown>,
  success: number = 200,
): Promise<{ status: number; error?: ApiError }> => {
  try {
    await call;
    return { status: success };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, error };
    return { status: 0 };
  }
};
