import { QuickSearch, type QuickSearchKind, type QuickSearchResults, type SelectorEntry } from '@falcon/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { errorKey } from '../../../lib/messages';

const MAX_PER_COLUMN = 10;

/** The header's search over concerns, branches and locations (`suggestcbl`); choosing one opens it. */
export function AppQuickSearch() {
  const { t } = useTranslation(['frame', 'messages']);
  const navigate = useNavigate();
  const [results, setResults] = useState<QuickSearchResults | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const onSearch = async (query: string) => {
    const round = ++latest.current;
    if (!query) {
      setResults(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const found = await api.cbl.suggest({ body: { query } });
      if (round !== latest.current) return; // an older answer arriving late
      setResults({
        concerns: found.concerns.slice(0, MAX_PER_COLUMN),
        branches: found.branches.slice(0, MAX_PER_COLUMN),
        locations: found.locations.slice(0, MAX_PER_COLUMN),
      });
    } catch (failure) {
      if (round === latest.current) setError(t(errorKey(failure), { ns: 'messages' }));
    } finally {
      if (round === latest.current) setLoading(false);
    }
  };

  const onSelect = (kind: QuickSearchKind, entry: SelectorEntry) => {
    setResults(null);
    const to =
      kind === 'concern'
        ? paths.concern.to(entry.code)
        : kind === 'branch'
          ? paths.branch.to(entry.code)
          : paths.location.to(entry.code);
    navigate(to);
  };

  return (
    <QuickSearch
      onSearch={onSearch}
      onSelect={onSelect}
      results={results}
      loading={loading}
      error={error}
      label={t('quickSearch.label')}
      placeholder={t('quickSearch.placeholder')}
    />
  );
}
