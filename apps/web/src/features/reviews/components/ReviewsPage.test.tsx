import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

const inboxRows = () =>
  within(screen.getByRole('table', { name: 'To review' }))
    .getAllByRole('row')
    .slice(1);

describe('review inbox', () => {
  it('approving a request asks for a comment, removes it from the inbox and confirms with a toast', async () => {
    const user = userEvent.setup();
    await signInWithMock('backoffice');
    renderApp('/reviews');
    const approves = await screen.findAllByRole('button', { name: /^Approve / }, { timeout: 8000 });
    const count = inboxRows().length;
    const first = approves[0] as HTMLElement;
    const what = (first.getAttribute('aria-label') ?? '').replace(/^Approve /, '');
    await user.click(first);
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this request?' });
    await user.type(within(dialog).getByLabelText(/Comment for the requester/), 'Fine');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request approved; the change is applied.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: `Approve ${what}` })).toBeNull());
    expect(inboxRows().length).toBeLessThanOrEqual(count);
  });

  it('rejecting takes a reason; the requester sees the decision under My requests', async () => {
    const user = userEvent.setup();
    await signInWithMock('staff');
    const request = await api.container.changeQuantity({ params: { id: 'K0000001' }, body: { factor: 33 } });
    // staff may not see container codes: its answer names the article instead.
    expect(request).not.toHaveProperty('containerCode');
    expect(request.articleName).toBeTruthy();
    await signInWithMock('backoffice');
    const { code } = await api.container.get({ params: { id: 'K0000001' } });
    const view = renderApp('/reviews');
    const reject = await screen.findByRole(
      'button',
      { name: `Reject ${'Filling quantity change'} ${code}` },
      { timeout: 8000 },
    );
    await user.click(reject);
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this request?' });
    expect(within(dialog).getByText(/→ 33\.00/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason for the requester'), 'Too many');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request rejected.')).toBeInTheDocument();
    view.unmount();

    await signInWithMock('staff');
    renderApp('/reviews');
    const mine = await screen.findByRole('region', { name: 'My requests' }, { timeout: 8000 });
    await waitFor(() => expect(within(mine).getByText(/"Too many"/)).toBeInTheDocument());
    expect(within(mine).getAllByText('Rejected').length).toBeGreaterThan(0);
    // Customer staff do not review: no inbox tab.
    expect(screen.queryByRole('tab', { name: 'To review' })).toBeNull();
  });

  it('a request whose container was deactivated since cannot be approved, says why, and can be rejected', async () => {
    const user = userEvent.setup();
    await signInWithMock('staff');
    await api.container.scan({ params: { id: 'K0000002' } });
    await signInWithMock('kdadmin');
    const deactivation = await api.container.deactivate({ params: { id: 'K0000002' } });
    await signInWithMock('backoffice');
    await api.reviews.approve({ params: { id: deactivation.id }, body: {} });
    // Staff's answer has no container code (not its field); the clerk's inbox names the container by it.
    const { code } = await api.container.get({ params: { id: 'K0000002' } });
    renderApp('/reviews');
    const what = `${'Scan'} ${code}`;
    await user.click(await screen.findByRole('button', { name: `Approve ${what}` }, { timeout: 8000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No longer applicable; reject the request.')).toBeInTheDocument();
    expect(screen.getByText('The container has been deactivated or removed since.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: `Reject ${what}` }));
    const reject = await screen.findByRole('alertdialog', { name: 'Reject this request?' });
    await user.type(within(reject).getByLabelText('Reason for the requester'), 'Container gone');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request rejected.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: `Approve ${what}` })).toBeNull());
  });
});
