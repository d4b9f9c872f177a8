import type { Document } from '@falcon/api-client/lite';
import { Button } from '@falcon/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { useNotify } from '../../../lib/messages';

/**
 * Documents of a container or article. Downloaded through the API client (session, headers), not a plain
 * link: that also works under the in-browser mock, which does not answer page navigations.
 */
export function DocumentList({ documents }: { documents: readonly Document[] }) {
  const { t } = useTranslation('location');
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (doc: Document) => {
    setBusy(doc.id);
    try {
      saveBlob(await api.document.download({ params: { id: doc.id } }), doc.filename);
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none', display: 'grid', gap: 4 }}>
      {documents.map((doc) => (
        <li key={doc.id}>
          <Button
            size="sm"
            variant="ghost"
            loading={busy === doc.id}
            onClick={() => void download(doc)}
            aria-label={t('panel.download', { title: doc.title })}
          >
            {doc.title}
          </Button>
        </li>
      ))}
    </ul>
  );
}
