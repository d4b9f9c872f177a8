import { ACTION_PERMISSIONS, type Container, hasAll } from '@falcon/api-client';
import { Badge, Button, Card, ConfirmDialog } from '@falcon/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { Field } from '../../../components/Field';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useLabels } from '../../../lib/labels';
import { errorKey, useNotify } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { useQuery } from '../../../lib/query';
import { state } from '../../../lib/store';
import { CameraScanner } from './CameraScanner';

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
  button {
    min-height: 44px;
  }
`;
/**
 * A location's name from the caller's concern > branch > location tree (one small call, cached for the
 * session), so the card names the place the way staff know it; the code until it is known.
 */
const useLocationName = (code: string): string | null => {
  const tree = useQuery('cbl:tree', () => api.cbl.tree());
  for (const concern of tree.data ?? [])
    for (const branch of concern.branches)
      for (const location of branch.locations) if (location.code === code) return location.name;
  return null;
};

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
  }
`;

type Action = 'scan' | 'deactivate' | 'changequantity' | 'additionalorder';

/**
 * /app, phone first: read a container's barcode with the camera or type it (a keyboard-wedge scanner
 * types and presses Enter), show the container and send the permitted actions as review requests.
 */
export function ScannerPage() {
  const { t } = useTranslation(['scanner', 'messages']);
  const notify = useNotify();
  const [barcode, setBarcode] = useState('');
  const [found, setFound] = useState<Container | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
  usePageTitle(t('title'));

  const find = async (code: string) => {
    const value = code.trim();
    if (!value) return;
    setBusy(true);
    setFailure(null);
    setFound(null);
    try {
      setFound(await api.container.byBarcode({ params: { barcode: value } }));
    } catch (error) {
      const key = errorKey(error);
      setFailure(
        t(key === 'not_found' || key === 'container_not_found' ? 'invalid_barcode' : key, { ns: 'messages' }),
      );
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void find(barcode);
  };

  return (
    <Page>
      <h1>{t('title')}</h1>
      <p style={{ margin: 0 }}>{t('subtitle')}</p>
      <Card title={t('findTitle')} headingLevel={2}>
        <form onSubmit={submit} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <Field
            id="scanner-barcode"
            label={t('barcode')}
            inputMode="numeric"
            enterKeyHint="search"
            autoComplete="off"
            autoFocus
            required
            value={barcode}
            error={failure}
            onChange={(e) => setBarcode(e.target.value)}
          />
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Button type="submit" variant="primary" loading={busy}>
              {t('find')}
            </Button>
            {camera ? null : (
              <Button type="button" variant="secondary" onClick={() => setCamera(true)}>
                {t('useCamera')}
              </Button>
            )}
          </div>
        </form>
        {camera ? (
          <div style={{ marginTop: 12 }}>
            <CameraScanner
              onCode={(code) => {
                setCamera(false);
                setBarcode(code);
                void find(code);
              }}
              onClose={() => {
                setCamera(false);
                document.getElementById('scanner-barcode')?.focus();
              }}
            />
          </div>
        ) : null}
      </Card>
      {found ? (
        <FoundContainer
          key={found.id}
          container={found}
          onDone={(key) => {
            notify.success(key);
          }}
        />
      ) : null}
    </Page>
  );
}

function FoundContainer({
  container,
  onDone,
}: {
  container: Container;
  onDone: (key: 'scan_success' | 'deactivate_success' | 'change_quantity_success' | 'order_success') => void;
}) {
  const { t } = useTranslation(['scanner', 'messages', 'common']);
  const format = useFormat();
  const labels = useLabels();
  const notify = useNotify();
  const { session } = useSnapshot(state);
  const granted = session?.permissions ?? [];
  const may = {
    scan: hasAll(granted, [ACTION_PERMISSIONS.containerRefill]),
    deactivate: container.active && hasAll(granted, [ACTION_PERMISSIONS.containerDeactivate]),
    changequantity: hasAll(granted, [ACTION_PERMISSIONS.containerChangeQuantity]),
    additionalorder: hasAll(granted, [ACTION_PERMISSIONS.containerAdditionalDelivery]),
  };
  const [open, setOpen] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [quantity, setQuantity] = useState(String(container.fillingQuantity ?? ''));
  const [factor, setFactor] = useState('1');
  const [date, setDate] = useState(() => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));

  const send = async (action: Action) => {
    const params = { id: container.id };
    setBusy(true);
    try {
      switch (action) {
        case 'scan':
          await api.container.scan({ params });
          onDone('scan_success');
          break;
        case 'deactivate':
          await api.container.deactivate({ params });
          onDone('deactivate_success');
          break;
        case 'changequantity':
          await api.container.changeQuantity({ params, body: { factor: Number(quantity) } });
          onDone('change_quantity_success');
          break;
        case 'additionalorder':
          await api.container.additionalOrder({
            params,
            body: { factor: Number(factor), additionalOrderDate: date },
          });
          onDone('order_success');
          break;
      }
      setOpen(null);
    } catch (error) {
      const fallback = {
        scan: 'scan_error',
        deactivate: 'deactivate_error',
        changequantity: 'change_quantity_error',
        additionalorder: 'order_error',
      } as const;
      notify.error(error, fallback[action]);
    } finally {
      setBusy(false);
    }
  };
  const locationName = useLocationName(container.locationCode);
  const shownCode = container.code ?? container.barcode;
  const title = shownCode ? t('container', { code: shownCode }) : t('containerFound');
  return (
    <Card title={title} headingLevel={2}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <Facts>
          {container.articleName !== undefined ? (
            <>
              <dt>{t('article')}</dt>
              <dd>
                {container.articleName}
                {container.articleCode ? ` (${container.articleCode})` : ''}
              </dd>
            </>
          ) : null}
          <dt>{t('location')}</dt>
          <dd>
            <Link to={paths.location.to(container.locationCode, container.id)}>
              {locationName ? `${locationName} (${container.locationCode})` : container.locationCode}
            </Link>
          </dd>
          {container.fillingQuantity !== undefined ? (
            <>
              <dt>{t('fillingQuantity')}</dt>
              <dd>{format.number(container.fillingQuantity)}</dd>
            </>
          ) : null}
          {container.deliveryStatus ? (
            <>
              <dt>{t('deliveryStatus')}</dt>
              <dd>{labels.deliveryState(container.deliveryStatus)}</dd>
            </>
          ) : null}
          <dt>{t('state')}</dt>
          <dd>
            {container.active ? (
              <Badge tone="success">{t('active')}</Badge>
            ) : (
              <Badge tone="danger">{t('inactive')}</Badge>
            )}
          </dd>
        </Facts>
        <div style={{ display: 'grid', gap: 8 }}>
          {may.scan ? (
            <Button variant="primary" loading={busy && open === null} onClick={() => void send('scan')}>
              {t('actions.scan')}
            </Button>
          ) : null}
          {may.changequantity ? (
            <Button variant="secondary" onClick={() => setOpen('changequantity')}>
              {t('actions.changequantity')}
            </Button>
          ) : null}
          {may.additionalorder ? (
            <Button variant="secondary" onClick={() => setOpen('additionalorder')}>
              {t('actions.additionalorder')}
            </Button>
          ) : null}
          {may.deactivate ? (
            <Button variant="danger" onClick={() => setOpen('deactivate')}>
              {t('actions.deactivate')}
            </Button>
          ) : null}
          {!may.scan && !may.changequantity && !may.additionalorder && !may.deactivate ? (
            <p style={{ margin: 0 }}>{t('noActions')}</p>
          ) : null}
        </div>
        {open === 'changequantity' || open === 'additionalorder' ? (
          <form
            aria-label={t(open === 'changequantity' ? 'actions.changequantity' : 'actions.additionalorder')}
            onSubmit={(event) => {
              event.preventDefault();
              void send(open);
            }}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          >
            {open === 'changequantity' ? (
              <Field
                id="scanner-quantity"
                type="number"
                inputMode="decimal"
                min={0.01}
                step={0.01}
                required
                label={t('newQuantity')}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
              />
            ) : (
              <>
                <Field
                  id="scanner-factor"
                  type="number"
                  inputMode="decimal"
                  min={0.01}
                  step={0.01}
                  required
                  label={t('factor')}
                  value={factor}
                  onChange={(e) => setFactor(e.target.value)}
                />
                <Field
                  id="scanner-date"
                  type="date"
                  // The server refuses a day in the past (400 naming the field).
                  min={new Date().toISOString().slice(0, 10)}
                  required
                  label={t('orderDate')}
                  value={date}
                  onChange={(e) => setDate(e.target.value)}
                />
              </>
            )}
            <div style={{ display: 'flex', gap: 8 }}>
              <Button type="submit" variant="primary" loading={busy}>
                {t('sendRequest')}
              </Button>
              <Button type="button" variant="secondary" onClick={() => setOpen(null)}>
                {t('actions.cancel', { ns: 'common' })}
              </Button>
            </div>
          </form>
        ) : null}
      </div>
      <ConfirmDialog
        open={open === 'deactivate'}
        title={t('deactivateTitle')}
        message={t('deactivateConfirm', { code: container.code ?? container.id })}
        confirmLabel={t('actions.deactivate')}
        danger
        loading={busy}
        onCancel={() => setOpen(null)}
        onConfirm={() => void send('deactivate')}
      />
    </Card>
  );
}
