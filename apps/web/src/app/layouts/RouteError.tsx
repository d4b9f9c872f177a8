import { Button, ErrorState } from '@falcon/ui';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { useShellRemoval } from '../shell';

/** A route that failed to load or render (e.g. a chunk missing after a deploy): offer a reload. */
export function RouteError() {
  useShellRemoval();
  const error = useRouteError();
  const { t } = useTranslation('shell');
  console.error(error);
  return (
    <main style={{ padding: 32 }}>
      <ErrorState title={t('routeError.title')} message={t('routeError.message')} />
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
    </main>
  );
}
