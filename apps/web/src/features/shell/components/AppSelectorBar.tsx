import { SelectorBar } from '@falcon/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { paths } from '../../../config/paths';
import { branchQuery, concernQuery, concernsListQuery } from '../../../lib/queries';
import { chooseConcern, setConcerns, state } from '../../../lib/store';

/** Concern > branch > location; each choice navigates to its page, which applies the selection rules. */
export function AppSelectorBar() {
  const { t } = useTranslation('frame');
  const navigate = useNavigate();
  const { session, selection, concerns } = useSnapshot(state);
  const signedIn = Boolean(session?.username);

  // Spec section 2: concerns load only when a user is signed in.
  const concernList = useQuery({ ...concernsListQuery(), enabled: signedIn && !concerns });
  useEffect(() => {
    if (concernList.data) setConcerns(concernList.data);
  }, [concernList.data]);

  const concernCode = signedIn ? selection.concernCode : null;
  const branchCode = signedIn ? selection.branchCode : null;
  const concern = useQuery(concernQuery(concernCode));
  const branch = useQuery(branchQuery(branchCode));
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
