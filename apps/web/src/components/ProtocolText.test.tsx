import type { ProtocolEntry } from '@falcon/api-client/lite';
import type { Language } from '@falcon/locales';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { changeI18nLanguage, loadNamespaces } from '../lib/i18n';
import { ProtocolChanges } from './ProtocolChanges';
import { useProtocolText } from './ProtocolText';

const entry = (over: Partial<ProtocolEntry>): ProtocolEntry => ({
  id: 'P1',
  at: '2026-11-24T10:00:00.000Z',
  username: 'kd.user',
  type: 'request',
  objectType: 'container',
  objectId: 'C1',
  locationCode: 'C001-B01-L01',
  summary: 'additionalorder requested for K0000024',
  before: null,
  after: null,
  ...over,
});

const request = entry({
  words: {
    event: 'reviewRequested',
    values: { reviewType: 'additionalorder', location: 'C001-B01-L01' },
    container: { id: 'C1', code: 'K0000024' },
  },
});
const denied = entry({
  id: 'P2',
  type: 'permission_denied',
  objectType: 'endpoint',
  objectId: 'protocol.location',
  locationCode: null,
  summary: 'POST /rest/v2/location/:code/protocol denied',
  after: { missing: ['PERM_VIEWLOCATIONPROTOCOLENTRIES'] },
  words: {
    event: 'permissionDenied',
    values: { username: 'kd.user', area: 'protocol', permissions: 'PERM_VIEWLOCATIONPROTOCOLENTRIES' },
  },
});
// Written before events existed: a refused call tells itself from its kind; anything else reads as stored.
const oldDenied = entry({ ...denied, id: 'P3', words: undefined });
const oldOther = entry({ id: 'P4', type: 'update', summary: 'rack order of C001-B01-L01 changed' });

function Probe({ entries }: { entries: ProtocolEntry[] }) {
  const text = useProtocolText();
  return (
    <ul>
      {entries.map((e) => (
        <li key={e.id}>{text.rich(e)}</li>
      ))}
    </ul>
  );
}

const show = async (language: Language) => {
  await changeI18nLanguage(language);
  await loadNamespaces(['common']);
  render(
    <MemoryRouter>
      <Probe entries={[request, denied, oldDenied, oldOther]} />
    </MemoryRouter>,
  );
  return screen.getAllByRole('listitem').map((li) => li.textContent);
};

describe('protocol entries in the reader’s language', () => {
  afterAll(() => changeI18nLanguage('en'));

  it.each([
    [
      'en',
      'Additional order requested for container K0000024',
      'kd.user was refused access to the protocol: missing permission PERM_VIEWLOCATIONPROTOCOLENTRIES',
    ],
    [
      'de',
      'Zusatzbestellung für Behälter K0000024 angefordert',
      'kd.user wurde der Zugriff auf das Protokoll verweigert: Berechtigung PERM_VIEWLOCATIONPROTOCOLENTRIES fehlt',
    ],
    [
      'hu',
      'Pótrendelés kérve a(z) K0000024 tárolóhoz',
      'kd.user nem kapott hozzáférést ehhez: napló; hiányzó jogosultság: PERM_VIEWLOCATIONPROTOCOLENTRIES',
    ],
  ] as const)('%s: a request and a refused call in words, never an endpoint', async (language, req, deny) => {
    const [first, second, third, fourth] = await show(language);
    expect(first).toBe(req);
    expect(second).toBe(deny);
    expect(third).not.toContain('/rest/v2');
    expect(third).toContain('PERM_VIEWLOCATIONPROTOCOLENTRIES');
    expect(fourth).toBe('rack order of C001-B01-L01 changed');
  });

  it.each(['cz', 'pl', 'ro'] as const)('%s: translated, with the container as a link', async (language) => {
    const [first, second] = await show(language);
    expect(first).toContain('K0000024');
    expect(first).not.toMatch(/requested|additionalorder/);
    expect(second).not.toMatch(/refused|\/rest\//);
  });

  it('links the container to its place in the location', async () => {
    await show('en');
    const link = within(screen.getAllByRole('listitem')[0] as HTMLElement).getByRole('link', {
      name: 'K0000024',
    });
    expect(link).toHaveAttribute('href', '/location/C001-B01-L01?container=C1');
  });

  it('names a container the reader may not see by its article, not by its code', async () => {
    await changeI18nLanguage('en');
    render(
      <MemoryRouter>
        <Probe
          entries={[
            entry({
              words: { ...request.words!, container: { id: 'C1', articleName: 'Sechskantschraube M8' } },
            }),
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent(
      'Additional order requested for container with Sechskantschraube M8',
    );
  });
});

describe('refused single sign-ons', () => {
  const refused = (values: Record<string, string>) =>
    entry({
      id: `S-${values.reason}`,
      username: values.username ?? null,
      type: 'signin_failed',
      objectType: 'concernSso',
      objectId: values.concern ?? null,
      locationCode: null,
      summary: 'single sign-on refused',
      words: { event: 'ssoFailed', values: { address: '203.0.113.9', ...values } },
    });
  const entries = [
    refused({ reason: 'state' }),
    refused({ reason: 'checks', concern: 'C001' }),
    refused({ reason: 'unmapped', concern: 'C001', username: 'nobody@acme.example' }),
  ];

  it('tells in English why, for which concern, who and from where', async () => {
    await changeI18nLanguage('en');
    render(
      <MemoryRouter>
        <Probe entries={entries} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Sign-in with a company account refused from 203.0.113.9: unknown or already used sign-in',
      "Sign-in with the company account of concern C001 refused from 203.0.113.9: the provider's answer failed a check (PKCE, nonce, issuer, audience)",
      'Sign-in of nobody@acme.example with the company account of concern C001 refused from 203.0.113.9: no role is mapped to the user',
    ]);
    expect(screen.getAllByRole('link', { name: 'C001' })[0]).toHaveAttribute('href', '/concern/C001');
  });

  it.each(['cz', 'de', 'hu', 'pl', 'ro'] as const)(
    '%s: the sentence and the reason translated',
    async (language) => {
      await changeI18nLanguage(language);
      await loadNamespaces(['common']);
      render(
        <MemoryRouter>
          <Probe entries={entries} />
        </MemoryRouter>,
      );
      const texts = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
      for (const text of texts) {
        expect(text).toContain('203.0.113.9');
        expect(text).not.toMatch(/refused|company account|sign-in|\{|protocol\./);
      }
      expect(texts[2]).toContain('nobody@acme.example');
      expect(texts[1]).toContain('PKCE');
    },
  );
});

describe('before and after as a readable diff', () => {
  it('names fields in words, lists what was added and removed, leaves out what did not change', async () => {
    await changeI18nLanguage('en');
    render(
      <ProtocolChanges
        entry={entry({
          type: 'update',
          before: { rolename: 'Clerk', permissions: ['PERM_A', 'PERM_B'], 'K0000024.fillingQuantity': 4 },
          after: { rolename: 'Clerk', permissions: ['PERM_B', 'PERM_C'], 'K0000024.fillingQuantity': 8 },
        })}
      />,
    );
    expect(screen.queryByRole('rowheader', { name: 'Role name' })).not.toBeInTheDocument();
    const permissions = screen.getByRole('rowheader', { name: 'Permissions' }).closest('tr') as HTMLElement;
    expect(permissions).toHaveTextContent('+ added: PERM_C');
    expect(permissions).toHaveTextContent('− removed: PERM_A');
    const quantity = screen.getByRole('rowheader', { name: 'K0000024: Filling quantity' }).closest('tr');
    expect(quantity).toHaveTextContent(/4.*8/);
  });
});
