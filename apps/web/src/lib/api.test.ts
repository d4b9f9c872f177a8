import { describe, expect, it, vi } from 'vitest';
import { setupMockApi } from '../testing/mock-api';
import { signIn } from './session';

// Counts how often each client is built: the public one serves the login page's calls, the full one
// (every other route) loads with the first call that needs it.
const built = vi.hoisted(() => ({ full: 0, public: 0 }));
vi.mock('./api-client', async (importOriginal) => {
  const original = await importOriginal<typeof import('./api-client')>();
  return {
    createClient: () => {
      built.full += 1;
      return original.createClient();
    },
  };
});
vi.mock('./api-public', async (importOriginal) => {
  const original = await importOriginal<typeof import('./api-public')>();
  return {
    createPublicClient: () => {
      built.public += 1;
      return original.createPublicClient();
    },
  };
});

const { api } = await import('./api');

setupMockApi();

describe('api: the client loads with the first call, by what the call needs', () => {
  it('the calls of the login page (languages, footer, sign-in) never load the other routes', async () => {
    await api.content.supportedLanguages();
    await api.content.footer();
    const result = await signIn('staff', 'demo1234', false);
    expect(result.ok).toBe(true);
    expect(built).toEqual({ full: 0, public: 1 });
  });

  it('a call that needs a session loads the full client once, which then serves every call', async () => {
    await signIn('staff', 'demo1234', false);
    const concerns = await api.concerns.list();
    expect(Array.isArray(concerns)).toBe(true);
    await api.content.footer();
    await api.concerns.list();
    expect(built).toEqual({ full: 1, public: 1 });
  });
});
