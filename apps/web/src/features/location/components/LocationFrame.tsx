import type { Location } from '@falcon/api-client/lite';
import { ErrorState, Skeleton } from '@falcon/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { Stack } from '../../../components/Stack';
import { paths } from '../../../config/paths';
import { errorKey } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { LocationNav } from './LocationNav';
import { useLocation } from './useLocation';

/** Heading, breadcrumb and page links shared by a location's sub-pages. */
export function LocationFrame({
  code,
  title,
  children,
  fill = false,
}: {
  code: string;
  /** The sub-page's name, e.g. "Gallery". */
  title: string;
  children: (location: Location, admins: ReturnType<typeof useLocation>['admins']) => ReactNode;
  fill?: boolean;
}) {
  const { t } = useTranslation(['location', 'messages']);
  const { location, admins } = useLocation(code);
  const data = location.data;
  usePageTitle(data ? `${title} · ${data.name}` : title);
  if (location.error) {
    return (
      <ErrorState
        message={t(errorKey(location.error), { ns: 'messages' })}
        onRetry={() => void location.refetch()}
      />
    );
  }
  return (
    <Stack style={fill ? { flex: 1 } : undefined}>
      <PageHeader
        title={data ? `${data.name} · ${title}` : <Skeleton width="240px" />}
        subtitle={
          data ? (
            <>
              <Link to={paths.concern.to(data.parentBranch.parentConcern.code)}>
                {data.parentBranch.parentConcern.name}
              </Link>
              {' › '}
              <Link to={paths.branch.to(data.parentBranch.code)}>{data.parentBranch.name}</Link>
            </>
          ) : null
        }
        actions={<LocationNav code={code} />}
      />
      {data ? children(data, admins) : <Skeleton lines={6} />}
    </Stack>
  );
}
