import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';
import { uploadFile, uploadLikeABrowser } from '../../../testing/uploads';

setupMockApi();
uploadLikeABrowser();

/** A real 1x1 PNG (the mock, like the server, checks the bytes). */
const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

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

describe('assigned to me, messages and withdrawing (issue 13)', () => {
  it('opens on what is assigned to me; "All in my scope" (kept in the URL) shows the rest with its assignee', async () => {
    const user = userEvent.setup();
    await signInWithMock('admin');
    // A clerk of C001 linked to an employee who is responsible for none of its locations.
    await api.users.create({
      body: {
        username: 'clerk.fs',
        firstname: 'Fritz',
        lastname: 'Sommer',
        email: null,
        phone: null,
        region: null,
        useRegion: false,
        language: 'en',
        sessionTimeoutMinutes: 60,
        roles: ['BACKOFFICE'],
        permissions: [],
        scope: { all: false, concerns: ['C001'], branches: [], locations: [] },
        employeeKey: 'FS01',
        password: 'demo12345',
        passwordRepeat: 'demo12345',
      },
    });
    const session = await signInWithMock('clerk.fs', 'demo12345');
    expect(session.employeeKey).toBe('FS01');
    const { router } = renderApp('/reviews');
    expect(
      await screen.findByText('No requests assigned to you are waiting.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Show/ }));
    await user.click(await screen.findByRole('option', { name: 'All in my scope' }));
    expect(router.state.location.search).toContain('assignee=all');
    const { items } = await api.reviews.list({
      body: { page: 0, size: 5, filterMap: { state: 'pending', assignee: 'all' } },
    });
    const name = items[0]?.assigneeName ?? '';
    expect(name).not.toBe('');
    const table = screen.getByRole('table', { name: 'To review' });
    expect(within(table).getByRole('columnheader', { name: 'Assigned to' })).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByText(name).length).toBeGreaterThan(0));
    expect(screen.queryByText('No requests assigned to you are waiting.')).toBeNull();
  });

  it('a message is answered (not approved); the sender reads the answer under My requests', async () => {
    const user = userEvent.setup();
    // A customer admin may send messages (customer staff may not, by default).
    await signInWithMock('kdadmin');
    const sent = await api.container.message({
      params: { id: 'K0000004' },
      body: { message: 'The bin is cracked.' },
    });
    await api.reviews.uploadPhoto({
      params: { id: sent.id },
      body: {},
      file: uploadFile([TINY_PNG], 'crack.png', 'image/png'),
      filename: 'crack.png',
    });
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = () => 'blob:photo';
    await signInWithMock('backoffice');
    const { code } = await api.container.get({ params: { id: 'K0000004' } });
    const view = renderApp('/reviews');
    const answer = await screen.findByRole('button', { name: `Answer Message ${code}` }, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: `Approve Message ${code}` })).toBeNull();
    expect(screen.getByRole('button', { name: `Close Message ${code}` })).toBeInTheDocument();
    await user.click(answer);
    const dialog = await screen.findByRole('alertdialog', { name: 'Answer this message' });
    expect(within(dialog).getByText('The bin is cracked.')).toBeInTheDocument();
    // The photo sent with it, for the clerk to see.
    expect(await within(dialog).findByRole('img', { name: 'Photo sent with the message' })).toHaveAttribute(
      'src',
      'blob:photo',
    );
    URL.createObjectURL = createObjectURL;
    const send = within(dialog).getByRole('button', { name: 'Answer' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Your answer to the sender'), 'A new bin is on its way.');
    await user.click(send);
    expect(await screen.findByText('Message answered.')).toBeInTheDocument();
    view.unmount();

    await signInWithMock('kdadmin');
    renderApp('/reviews?tab=mine');
    const mine = await screen.findByRole('region', { name: 'My requests' }, { timeout: 8000 });
    await waitFor(() => expect(within(mine).getByText(/"A new bin is on its way\."/)).toBeInTheDocument());
    expect(within(mine).getByText(/^Answered by backoffice/)).toBeInTheDocument();
  });

  it('withdraws a pending request after a confirmation; one decided meanwhile says why it cannot', async () => {
    const user = userEvent.setup();
    await signInWithMock('staff');
    const first = await api.container.scan({ params: { id: 'K0000006' } });
    const second = await api.container.changeQuantity({ params: { id: 'K0000007' }, body: { factor: 21 } });
    renderApp('/reviews?tab=mine');
    const mine = await screen.findByRole('region', { name: 'My requests' }, { timeout: 8000 });
    const withdrawFirst = await within(mine).findByRole('button', {
      name: `Withdraw Scan · ${first.articleName}`,
    });
    expect(within(mine).getAllByText(/^Assigned to /).length).toBeGreaterThan(0);
    await user.click(withdrawFirst);
    const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw this request?' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Request withdrawn.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(mine).queryByRole('button', { name: `Withdraw Scan · ${first.articleName}` })).toBeNull(),
    );
    expect(
      (await api.reviews.mine({ body: { page: 0, size: 50, filterMap: { state: 'withdrawn' } } })).items.map(
        (r) => r.id,
      ),
    ).toContain(first.id);

    // Withdrawn meanwhile (another tab) while this list still offers to withdraw it.
    const withdrawSecond = within(mine).getByRole('button', {
      name: `Withdraw Filling quantity change · ${second.articleName}`,
    });
    await api.reviews.withdraw({ params: { id: second.id } });
    await user.click(withdrawSecond);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Withdraw this request?' })).getByRole('button', {
        name: 'Withdraw',
      }),
    );
    expect(await screen.findByText('The request cannot be withdrawn.')).toBeInTheDocument();
    expect(screen.getByText('The request has been decided or withdrawn already.')).toBeInTheDocument();
  });
});
