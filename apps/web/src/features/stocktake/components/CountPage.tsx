import { hasAll, type InventoryListDetail, type Stocktake } from '@falcon/api-client/lite';
import { Badge, Button, Card, ConfirmDialog } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { CameraScanner } from '../../../components/camera/CameraScanner';
import { Field } from '../../../components/Field';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { errorKey } from '../../../lib/messages';
import {
  type CurrentCount,
  currentCount,
  dropCurrentCount,
  keepCurrentCount,
  type OutboxItem,
} from '../../../lib/offline-store';
import { usePageTitle } from '../../../lib/page-title';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import { flush, take, useOutbox, withdraw } from '../api/outbox';
import { cblTreeQuery, countQuery, countsQuery, racksQuery } from '../api/queries';
import { CountStatus, RackProgressList, ReconciliationView, useContainerName } from './CountParts';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 560px;
  margin: 0 auto;
  width: 100%;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.xl};
  }
  button,
  select {
    min-height: 44px;
  }
  label {
    display: block;
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space[1]};
  }
  select {
    width: 100%;
    font: inherit;
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const ScanList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    padding: ${({ theme }) => `${theme.space[2]} 0`};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  li > span:first-child {
    flex: 1;
    overflow-wrap: anywhere;
  }
  s {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/** The permission every count endpoint needs (the contract's). */
const COUNT_PERMISSION = 'PERM_UPLOADINVENTORYLISTS';

/** A client-made idempotency key; `randomUUID` needs a secure context, the fallback does not. */
const newKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * /app/count, phone first: start a count of a location or rack, scan (keyboard wedge or camera), follow the
 * progress by rack, undo, finish into the reconciliation and hand it over as an inventory list. Scans go
 * through the outbox (IndexedDB), so the count goes on without a network (ADR 0062).
 */
export function CountPage() {
  const { t } = useTranslation(['scanner', 'messages']);
  usePageTitle(t('count.title'));
  const { session } = useSnapshot(state);
  const user = session?.username;
  const outbox = useOutbox(user);
  // A count makes an inventory list: who may not upload one is sent back to the scanner.
  const mayCount = hasAll(session?.permissions ?? [], [COUNT_PERMISSION]);
  const [current, setCurrent] = useState<CurrentCount | null | undefined>(undefined);

  useEffect(() => {
    if (!user) return;
    let live = true;
    void currentCount(user).then((found) => {
      if (live) setCurrent(found ?? null);
    });
    return () => {
      live = false;
    };
  }, [user]);

  const choose = (count: Stocktake | null) => {
    if (!user) return;
    if (!count) {
      setCurrent(null);
      void dropCurrentCount(user);
      return;
    }
    const next = { user, locationCode: count.locationCode, countId: count.id, snapshot: count };
    setCurrent(next);
    void keepCurrentCount(next);
  };

  if (!mayCount) return <Navigate to={paths.app.to()} replace />;
  return (
    <Page>
      <h1>{t('count.title')}</h1>
      <CountStatus online={outbox.online} waiting={outbox.items.length} refused={outbox.refused} />
      {current === undefined ? null : current ? (
        <CurrentCountView current={current} outbox={outbox} onChoose={choose} />
      ) : (
        <StartCount onStarted={choose} />
      )}
      <Link to={paths.app.to()}>{t('count.backToScanner')}</Link>
    </Page>
  );
}

function StartCount({ onStarted }: { onStarted: (count: Stocktake) => void }) {
  const { t } = useTranslation(['scanner', 'messages']);
  const format = useFormat();
  const ids = { location: 'count-location', rack: 'count-rack' };
  const tree = useQuery(cblTreeQuery());
  const locations = (tree.data ?? []).flatMap((c) => c.branches.flatMap((b) => b.locations));
  const [location, setLocation] = useState<string | null>(null);
  const chosen = location ?? locations[0]?.code ?? null;
  const racks = useQuery(racksQuery(chosen));
  const counts = useQuery(countsQuery(chosen));
  const [rack, setRack] = useState('');
  const start = useMutation({
    mutationFn: () => api.stocktakes.start({ params: { code: chosen ?? '' }, body: rack ? { rack } : {} }),
    onSuccess: onStarted,
  });
  const resume = useMutation({
    mutationFn: (id: string) => api.stocktakes.get({ params: { code: chosen ?? '', id } }),
    onSuccess: onStarted,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) start.mutate();
  };
  const open = (counts.data ?? []).filter((c) => c.state === 'open');
  return (
    <>
      <Card title={t('count.start')} headingLevel={2}>
        <form onSubmit={submit}>
          <Stack>
            <p style={{ margin: 0 }}>{t('count.intro')}</p>
            <div>
              <label htmlFor={ids.location}>{t('count.location')}</label>
              <select
                id={ids.location}
                value={chosen ?? ''}
                onChange={(e) => {
                  setLocation(e.target.value);
                  setRack('');
                }}
              >
                {locations.map((l) => (
                  <option key={l.code} value={l.code}>
                    {l.name} ({l.code})
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.rack}>{t('count.rack')}</label>
              <select id={ids.rack} value={rack} onChange={(e) => setRack(e.target.value)}>
                <option value="">{t('count.wholeLocation')}</option>
                {(racks.data ?? []).map((r) => (
                  <option key={r.position} value={String(r.position)}>
                    {t('count.rackLine', { name: r.name })}
                  </option>
                ))}
              </select>
            </div>
            {start.error ? <p role="alert">{t(errorKey(start.error), { ns: 'messages' })}</p> : null}
            <div>
              <Button type="submit" variant="primary" loading={start.isPending} disabled={!chosen}>
                {t('count.start')}
              </Button>
            </div>
          </Stack>
        </form>
      </Card>
      {open.length ? (
        <Card title={t('count.openCounts')} headingLevel={2}>
          <Stack>
            {open.map((c) => (
              <Row key={c.id} style={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <span>
                  {t('count.countOf', {
                    what: c.rack ? t('count.rackLine', { name: c.rack.name }) : c.locationName,
                    time: format.dateTime(c.startedAt),
                    user: c.startedBy,
                  })}{' '}
                  ({t('count.found', { scanned: c.scanned, expected: c.expected })})
                </span>
                <Button onClick={() => resume.mutate(c.id)} loading={resume.isPending}>
                  {t('count.continue')}
                </Button>
              </Row>
            ))}
          </Stack>
        </Card>
      ) : null}
    </>
  );
}

function CurrentCountView({
  current,
  outbox,
  onChoose,
}: {
  current: CurrentCount;
  outbox: ReturnType<typeof useOutbox>;
  onChoose: (count: Stocktake | null) => void;
}) {
  const { t } = useTranslation(['scanner', 'messages']);
  const queryClient = useQueryClient();
  const query = useQuery(countQuery(current.locationCode, current.countId));
  const count = query.data ?? current.snapshot;

  // Keep the last answer on the phone: a reload without network still shows the count.
  useEffect(() => {
    if (query.data) void keepCurrentCount({ ...current, snapshot: query.data });
  }, [query.data, current]);
  // Something reached the server: its answer is fresh again.
  useEffect(() => {
    if (outbox.delivered > 0)
      void queryClient.invalidateQueries({
        queryKey: queryKeys.stocktake.detail(current.locationCode, current.countId),
      });
  }, [outbox.delivered, queryClient, current]);

  if (!count) return null;
  const what = count.rack ? t('count.rackLine', { name: count.rack.name }) : count.locationName;
  return (
    <>
      <p style={{ margin: 0 }}>
        <strong>{what}</strong> · {count.locationName} ({count.locationCode})
      </p>
      {count.state === 'open' ? (
        <OpenCount count={count} outbox={outbox} onFinished={onChoose} />
      ) : (
        <FinishedCount count={count} onNew={() => onChoose(null)} />
      )}
    </>
  );
}

function OpenCount({
  count,
  outbox,
  onFinished,
}: {
  count: Stocktake;
  outbox: ReturnType<typeof useOutbox>;
  onFinished: (count: Stocktake) => void;
}) {
  const { t } = useTranslation(['scanner', 'messages']);
  const name = useContainerName();
  const { session } = useSnapshot(state);
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const mine = outbox.items.filter((i) => i.countId === count.id);
  const waitingScans = mine.filter((i) => i.kind === 'scan');
  const waitingUndos = new Set(mine.filter((i) => i.kind === 'undo').map((i) => i.key));
  const finish = useMutation({
    mutationFn: () => api.stocktakes.finish({ params: { code: count.locationCode, id: count.id } }),
    onSuccess: (done) => {
      setConfirm(false);
      onFinished(done);
    },
  });

  const record = (value: string) => {
    const scanned = value.trim();
    if (!scanned || !session) return;
    void take({
      user: session.username,
      locationCode: count.locationCode,
      countId: count.id,
      kind: 'scan',
      key: newKey(),
      code: scanned,
      scannedAt: new Date().toISOString(),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    record(code);
    setCode('');
    document.getElementById('count-barcode')?.focus();
  };
  const undo = (key: string) => {
    if (!session) return;
    void take({
      user: session.username,
      locationCode: count.locationCode,
      countId: count.id,
      kind: 'undo',
      key,
      scannedAt: new Date().toISOString(),
    });
  };
  const blocked = mine.length > 0 || !outbox.online;

  return (
    <>
      <Card title={t('count.scanTitle')} headingLevel={2}>
        <form onSubmit={submit}>
          <Stack>
            <Field
              id="count-barcode"
              label={t('barcode')}
              inputMode="numeric"
              enterKeyHint="send"
              autoComplete="off"
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <Row>
              <Button type="submit" variant="primary">
                {t('count.add')}
              </Button>
              {camera ? null : (
                <Button type="button" onClick={() => setCamera(true)}>
                  {t('useCamera')}
                </Button>
              )}
            </Row>
          </Stack>
        </form>
        {camera ? (
          <div style={{ marginTop: 12 }}>
            <CameraScanner
              onCode={(scanned) => {
                setCamera(false);
                record(scanned);
              }}
              onClose={() => setCamera(false)}
            />
          </div>
        ) : null}
      </Card>
      <Card title={t('count.progress')} headingLevel={2}>
        <Stack>
          <p style={{ margin: 0 }} data-testid="count-found">
            {t('count.found', { scanned: count.scanned, expected: count.expected })}
          </p>
          <RackProgressList racks={count.racks} />
        </Stack>
      </Card>
      <Card title={t('count.scans')} headingLevel={2}>
        {waitingScans.length + count.scans.length === 0 ? (
          <p style={{ margin: 0 }}>{t('count.noScans')}</p>
        ) : (
          <ScanList aria-label={t('count.scans')}>
            {[...waitingScans].reverse().map((item: OutboxItem) => (
              <li key={item.key}>
                <span>{item.code}</span>
                <Badge tone="warning">{t('count.waitingBadge')}</Badge>
                <Button size="sm" onClick={() => void withdraw(item)}>
                  {t('count.undo')}
                </Button>
              </li>
            ))}
            {count.scans.slice(0, 50).map((s) => {
              const undone = s.undone || waitingUndos.has(s.key);
              return (
                <li key={s.key}>
                  <span>
                    {undone ? <s>{s.scanned}</s> : s.scanned}
                    {s.container ? ` · ${name(s.container)}` : ''}
                  </span>
                  {undone ? (
                    <Badge>{t('count.undone')}</Badge>
                  ) : (
                    <>
                      <Badge tone={s.outcome === 'expected' ? 'success' : 'warning'}>
                        {outcomeText(t, s.outcome)}
                      </Badge>
                      <Button size="sm" onClick={() => undo(s.key)}>
                        {t('count.undo')}
                      </Button>
                    </>
                  )}
                </li>
              );
            })}
          </ScanList>
        )}
      </Card>
      <Stack>
        {blocked ? <p style={{ margin: 0 }}>{t('count.finishBlocked')}</p> : null}
        <div>
          <Button
            variant="primary"
            disabled={blocked}
            onClick={() => {
              void flush();
              setConfirm(true);
            }}
          >
            {t('count.finish')}
          </Button>
        </div>
      </Stack>
      <ConfirmDialog
        open={confirm}
        title={t('count.finishTitle')}
        message={finish.error ? t(errorKey(finish.error), { ns: 'messages' }) : t('count.finishMessage')}
        confirmLabel={t('count.finish')}
        loading={finish.isPending}
        onConfirm={() => finish.mutate()}
        onCancel={() => setConfirm(false)}
      />
    </>
  );
}

const outcomeText = (
  t: ReturnType<typeof useTranslation<'scanner'>>['t'],
  outcome: Stocktake['scans'][number]['outcome'],
) => {
  switch (outcome) {
    case 'expected':
      return t('count.outcome.expected');
    case 'repeat':
      return t('count.outcome.repeat');
    case 'elsewhere':
      return t('count.outcome.elsewhere');
    default:
      return t('count.outcome.unknown');
  }
};

function FinishedCount({ count, onNew }: { count: Stocktake; onNew: () => void }) {
  const { t } = useTranslation(['scanner', 'messages']);
  const queryClient = useQueryClient();
  const { session } = useSnapshot(state);
  const mayTransfer = hasAll(session?.permissions ?? [], ['PERM_TRANSFERINVENTORYLIST']);
  const detailKey = queryKeys.stocktake.detail(count.locationCode, count.id);
  const listId = count.inventoryListId;
  const list = useQuery({
    queryKey: queryKeys.inventoryLists.detail(listId ?? ''),
    queryFn: () => api.inventoryLists.get({ params: { id: listId ?? '' } }),
    enabled: listId !== null,
  });
  const handOver = useMutation({
    mutationFn: () => api.stocktakes.handOver({ params: { code: count.locationCode, id: count.id } }),
    onSuccess: (created: InventoryListDetail) => {
      queryClient.setQueryData(queryKeys.inventoryLists.detail(created.id), created);
      void queryClient.invalidateQueries({ queryKey: detailKey });
    },
  });
  const transfer = useMutation({
    mutationFn: (id: string) => api.inventoryLists.transfer({ params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.inventoryLists.detail(listId ?? '') });
    },
  });
  const shown = list.data ?? handOver.data ?? null;
  const failure = handOver.error ?? transfer.error;
  return (
    <>
      <Card title={t('count.result')} headingLevel={2}>
        <Stack>
          <p style={{ margin: 0 }} data-testid="count-found">
            {t('count.found', { scanned: count.scanned, expected: count.expected })}
          </p>
          {count.reconciliation ? <ReconciliationView result={count.reconciliation} /> : null}
        </Stack>
      </Card>
      <Stack>
        {shown ? (
          <p style={{ margin: 0 }} role="status">
            {t('count.handedOver', {
              filename: shown.filename,
              rows: shown.rowCount,
              errors: shown.errorCount,
            })}
          </p>
        ) : null}
        {shown?.state === 'transferred' ? <p style={{ margin: 0 }}>{t('count.transferred')}</p> : null}
        {failure ? <p role="alert">{t(errorKey(failure), { ns: 'messages' })}</p> : null}
        <Row>
          {listId === null && !handOver.data ? (
            <Button variant="primary" loading={handOver.isPending} onClick={() => handOver.mutate()}>
              {t('count.handOver')}
            </Button>
          ) : null}
          {shown && shown.state === 'uploaded' && shown.errorCount === 0 && mayTransfer ? (
            <Button variant="primary" loading={transfer.isPending} onClick={() => transfer.mutate(shown.id)}>
              {t('count.transfer')}
            </Button>
          ) : null}
          <Button onClick={onNew}>{t('count.newCount')}</Button>
        </Row>
      </Stack>
    </>
  );
}
