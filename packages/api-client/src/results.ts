import { ApiError } from './errors';

// A module of its own (the requester is what a first page loads; this serves the screens after it).
/**
 * The spec's return convention for user and role saves (section 8), over the throwing core: resolves to
 * the HTTP status, also on error (0 when the network failed).
 */
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
