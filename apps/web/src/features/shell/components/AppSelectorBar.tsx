import { SelectorBar } from '@falcon/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { fetchCached, useQuery } from '../../../lib/query';
import { chooseConcern, setConcerns, state } from '../../../lib/store';

/** Concern > branch > location; each choice navigates to its page, which applies the selection rules. */
export function AppSelectorBar() {
  const { t } = useTranslation('frame');
  const navigate = useNavigate();
  const { session, selection, concerns } = useSnapshot(state);
  const signedIn = Boolean(session?.username);

  // Spec section 2: concerns load only when a user is signed in.
  useEffect(() => {
    if (!signedIn || concerns) return;
    fetchCached('concerns.list', () => api.concerns.list()).then(setConcerns, (error: unknown) =>
      console.error(error),
    );
  }, [signedIn, concerns]);

  const concernCode = signedIn ? selection.concernCode : null;
  const branchCode = signedIn ? selection.branchCode : null;
  const concern = useQuery(concernCode ? `concern:${concernCode}` : null, () =>
    api.concern.get({ params: { code: concernCode as string } }),
  );
  const branch = useQuery(branchCode ? `branch:${branchCode}` : null, () =>
    api.branch.get({ params: { code: branchCode as string } }),
  );
  if (!signedIn) return null;

  return (
    <SelectorBar
      label={t('selector.label')}
      concerns={concerns ?? []}
      branches={concern.data?.branches}
      locations={branch.data?.locations}
      concernCode={selection.concernCode}
      branchCode={selection.branchCode}
      locationCode={selection.locationCode}
      onSelectConcern={(entry) => {
        chooseConcern(entry.code);
        navigate(paths.concern.to(entry.code));
      }}
      onSelectBranch={(entry) => navigate(paths.branch.to(entry.code))}
      onSelectLocation={(entry) => navigate(paths.location.to(entry.code))}
    />
  );
}
