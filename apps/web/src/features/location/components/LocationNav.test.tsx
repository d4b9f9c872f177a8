import { ACTION_PERMISSIONS } from '@falcon/api-client';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { loadNamespaces } from '../../../lib/i18n';
import { signInAs } from '../../../testing/session';
import { LocationNav } from './LocationNav';

const renderNav = (permissions: string[]) => {
  signInAs({ permissions });
  return render(
    <AppProvider>
      <MemoryRouter>
        <LocationNav code="C001-B01-L01" />
      </MemoryRouter>
    </AppProvider>,
  );
};

describe('the location pages (spec section 2)', () => {
  beforeAll(() => loadNamespaces(['location', 'lists']));

  it('lead to the rack layout editing (/locationupdate) for whoever may edit it (issue 13)', () => {
    renderNav([ACTION_PERMISSIONS.editRackLayout]);
    expect(screen.getByRole('link', { name: 'Edit rack layout' })).toHaveAttribute(
      'href',
      '/locationupdate/C001-B01-L01',
    );
  });

  it('offer no rack layout editing without PERM_EDITRACKLAYOUT', () => {
    renderNav([ACTION_PERMISSIONS.viewLocationProtocolEntries]);
    expect(screen.getByRole('link', { name: 'Protocol' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit rack layout' })).not.toBeInTheDocument();
  });
});
