import type { CountedContainer, RackProgress, Reconciliation } from '@falcon/api-client/lite';
import { Badge } from '@falcon/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

/** How a container is named on the count's screens: what the reader may see of it, else where it stands. */
export const useContainerName = () => {
  const { t } = useTranslation('scanner');
  return (c: CountedContainer) =>
    c.code ??
    c.barcode ??
    t('count.place', { rack: c.rackName, shelf: c.shelfPosition, place: c.placePosition });
};

const Status = styled.p<{ $online: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  align-items: center;
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $online }) => ($online ? theme.color.surfaceSunken : theme.color.warningSubtle)};
`;

/** Always on the count's screen: online or not, and how many scans wait on the phone. */
export function CountStatus({
  online,
  waiting,
  refused,
}: {
  online: boolean;
  waiting: number;
  refused: number;
}) {
  const { t } = useTranslation('scanner');
  return (
    <Status role="status" $online={online} data-testid="count-status">
      <Badge tone={online ? 'success' : 'warning'}>{online ? t('count.online') : t('count.offline')}</Badge>
      <span>{waiting > 0 ? t('count.waiting', { count: waiting }) : t('count.allSent')}</span>
      {refused > 0 ? <span>{t('count.refused', { count: refused })}</span> : null}
    </Status>
  );
}

const Racks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  li {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  }
  progress {
    grid-column: 1 / -1;
    width: 100%;
    height: 10px;
  }
`;

/** Scanned / expected per rack. */
export function RackProgressList({ racks }: { racks: readonly RackProgress[] }) {
  const { t } = useTranslation('scanner');
  return (
    <Racks aria-label={t('count.progress')}>
      {racks.map((r) => (
        <li key={r.rackPosition}>
          <span>{t('count.rackLine', { name: r.rackName })}</span>
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>
            {r.scanned} / {r.expected}
          </span>
          <progress
            max={Math.max(r.expected, 1)}
            value={r.scanned}
            aria-label={t('count.rackLine', { name: r.rackName })}
          />
        </li>
      ))}
    </Racks>
  );
}

const Section = styled.section`
  h3 {
    margin: ${({ theme }) => `${theme.space[3]} 0 ${theme.space[1]}`};
    font-size: ${({ theme }) => theme.typography.size.md};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space[4]};
  }
`;

/** The reconciliation of a finished count: missing, unexpected (where they belong, or unknown), scanned twice. */
export function ReconciliationView({ result }: { result: Reconciliation }) {
  const { t } = useTranslation('scanner');
  const name = useContainerName();
  const unexpected = result.unexpected.reduce((n, u) => n + u.times, 0);
  return (
    <div>
      <Section aria-labelledby="count-missing">
        <h3 id="count-missing">{t('count.missing', { count: result.missing.length })}</h3>
        {result.missing.length ? (
          <ul>
            {result.missing.map((c) => (
              <li key={c.id}>
                {name(c)}
                {c.articleName ? ` · ${c.articleName}` : ''} ·{' '}
                {t('count.place', { rack: c.rackName, shelf: c.shelfPosition, place: c.placePosition })}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('count.none')}</p>
        )}
      </Section>
      <Section aria-labelledby="count-unexpected">
        <h3 id="count-unexpected">{t('count.unexpected', { count: unexpected })}</h3>
        {result.unexpected.length ? (
          <ul>
            {result.unexpected.map((u) => (
              <li key={u.container?.id ?? `code:${u.scanned}`}>
                {u.container ? name(u.container) : u.scanned}:{' '}
                {u.container
                  ? t('count.belongsTo', {
                      location: `${u.container.locationName} (${u.container.locationCode})`,
                      rack: u.container.rackName,
                    })
                  : t('count.notKnown')}
                {u.times > 1 ? ` (${t('count.times', { count: u.times })})` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('count.none')}</p>
        )}
      </Section>
      <Section aria-labelledby="count-twice">
        <h3 id="count-twice">{t('count.twice', { count: result.scannedTwice.length })}</h3>
        {result.scannedTwice.length ? (
          <ul>
            {result.scannedTwice.map((s) => (
              <li key={s.container.id}>
                {name(s.container)}: {t('count.times', { count: s.times })}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('count.none')}</p>
        )}
      </Section>
    </div>
  );
}
