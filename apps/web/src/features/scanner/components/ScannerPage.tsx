import { type Container, hasAll } from '@falcon/api-client/lite';
import { Badge, Button, Card } from '@falcon/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { ContainerActions } from '../../../components/ContainerActions';
import { CameraScanner } from '../../../components/camera/CameraScanner';
import { Field } from '../../../components/Field';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { useLabels } from '../../../lib/labels';
import { errorKey } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { state } from '../../../lib/store';
import { cblTreeQuery, containerByBarcodeQuery } from '../api/queries';

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
  const tree = useQuery(cblTreeQuery());
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

/**
 * /app, phone first: read a container's barcode with the camera or type it (a keyboard-wedge scanner
 * types and presses Enter), show the container and send the permitted actions as review requests.
 */
export function ScannerPage() {
  const { t } = useTranslation(['scanner', 'messages']);
  const [barcode, setBarcode] = useState('');
  // The barcode last sent: the container it names is looked up (again, when the same one is sent again).
  const [sought, setSought] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  // A count (/app/count) makes an inventory list: offered to who may upload one.
  const { session } = useSnapshot(state);
  const mayCount = hasAll(session?.permissions ?? [], ['PERM_UPLOADINVENTORYLISTS']);
  const lookup = useQuery(containerByBarcodeQuery(sought));
  usePageTitle(t('title'));
  const found = lookup.data ?? null;
  const failedKey = lookup.error ? errorKey(lookup.error) : null;
  const failure = failedKey
    ? t(failedKey === 'not_found' || failedKey === 'container_not_found' ? 'invalid_barcode' : failedKey, {
        ns: 'messages',
      })
    : null;

  const find = (code: string) => {
    const value = code.trim();
    if (!value) return;
    if (value === sought) void lookup.refetch();
    else setSought(value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    find(barcode);
  };

  return (
    <Page>
      <h1>{t('title')}</h1>
      <p style={{ margin: 0 }}>{t('subtitle')}</p>
      {mayCount ? (
        <p style={{ margin: 0 }}>
          <Link to={paths.appCount.to()}>{t('count.openCount')}</Link>
        </p>
      ) : null}
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
            <Button type="submit" variant="primary" loading={lookup.isFetching}>
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
                find(code);
              }}
              onClose={() => {
                setCamera(false);
                document.getElementById('scanner-barcode')?.focus();
              }}
            />
          </div>
        ) : null}
      </Card>
      {found ? <FoundContainer key={found.id} container={found} /> : null}
    </Page>
  );
}

function FoundContainer({ container }: { container: Container }) {
  const { t } = useTranslation(['scanner', 'messages', 'common']);
  const format = useFormat();
  const labels = useLabels();
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
        <ContainerActions container={container} layout="stack" />
      </div>
    </Card>
  );
}
