import { loadedUiTexts } from '@falcon/ui';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getUiTextPart } from '../lib/i18n';
import { setupMockApi } from '../testing/mock-api';
import { renderApp } from '../testing/render';
import { signInAs } from '../testing/session';

setupMockApi();

// In this order: the ui library's texts, once loaded, stay loaded for the rest of the file.
describe("the ui library's built-in texts", () => {
  it('the login page has only their base part (no widget texts loaded)', async () => {
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(getUiTextPart()).toBe('base');
    expect(loadedUiTexts('en', 'base')?.['login.submit']).toBe('Login');
    expect(loadedUiTexts('en')).toBeUndefined();
  });

  it('the signed-in frame loads all of them before it shows (its header reads its own texts)', async () => {
    signInAs({ permissions: ['PERM_SYSADMIN'] });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    expect(getUiTextPart()).toBe('all');
    expect(screen.queryByText(/^header\./)).not.toBeInTheDocument();
  });
});
