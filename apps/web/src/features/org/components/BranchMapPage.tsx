import { type Branch, IMAGE_TYPES, isApiError, UPLOAD_LIMITS } from '@falcon/api-client/lite';
import {
  BranchMapEditor,
  Button,
  ConfirmDialog,
  EmptyState,
  FileDrop,
  type MapMarker,
  Select,
  Skeleton,
} from '@falcon/ui';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { useNotify } from '../../../lib/messages';
import { useQuery } from '../../../lib/query';
import { BranchFrame, useMayEditMap } from './BranchPages';

/** The branch map with its location positions (spec: upload, place, delete one, delete all). */
export function BranchMapPage({ code }: { code: string }) {
  return (
    <BranchFrame code={code} fill>
      {(branch) => <BranchMap branch={branch} />}
    </BranchFrame>
  );
}

function useObjectUrl(blob: Blob | undefined) {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

function BranchMap({ branch }: { branch: Branch }) {
  const { t } = useTranslation(['org', 'messages']);
  const notify = useNotify();
  const mayEdit = useMayEditMap();
  const code = branch.code;
  // 404 means no map uploaded yet: not an error for the user.
  const map = useQuery(branch.hasMap ? `branch:${code}:map` : null, () =>
    api.branch.map({ params: { code } }),
  );
  const positions = useQuery(`branch:${code}:positions`, () =>
    api.branch.locationPositions({ params: { code } }),
  );
  const imageUrl = useObjectUrl(map.data);
  const [placing, setPlacing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState(false);
  // A new map replaces the current one: asked first (the positions stay as they are).
  const [replacing, setReplacing] = useState<File | null>(null);

  const names = new Map(branch.locations.map((l) => [l.code, l.name]));
  const markers: MapMarker[] = (positions.data ?? []).map((p) => ({
    id: p.locationCode,
    label: names.get(p.locationCode) ?? p.locationCode,
    x: p.x,
    y: p.y,
  }));
  const placed = new Set(markers.map((m) => m.id));
  const unplaced = branch.locations.filter((l) => !placed.has(l.code));

  const save = async (locationCode: string, x: number, y: number) => {
    try {
      await api.branch.saveLocationPosition({
        params: { branchCode: code },
        body: { branchCode: code, locationCode, x, y },
      });
      positions.reload();
    } catch (error) {
      notify.error(error, 'upload_error');
    }
  };
  const removeOne = async (locationCode: string) => {
    try {
      await api.branch.deleteLocationPosition({ params: { branchCode: code }, body: { locationCode } });
      notify.success('deletion_success');
      positions.reload();
    } catch (error) {
      notify.error(error, 'deletion_error');
    } finally {
      setDeleting(null);
    }
  };
  const removeAll = async () => {
    try {
      await api.branch.deleteLocationPositions({ params: { code } });
      notify.success('deletion_success');
      positions.reload();
    } catch (error) {
      notify.error(error, 'deletion_error');
    }
  };
  const upload = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    try {
      await api.branch.uploadMap({ params: { code }, body: { code }, file, filename: file.name });
      notify.success('upload_successful');
      setUploaded(true);
      map.reload();
    } catch (error) {
      notify.error(error, isApiError(error) && error.status === 413 ? 'payload_too_large' : 'upload_failed');
    }
  };

  const hasMap = branch.hasMap || uploaded;
  const uploader = mayEdit ? (
    <FileDrop
      accept={IMAGE_TYPES.join(',')}
      maxSize={UPLOAD_LIMITS.mapBytes}
      onFiles={(files) => {
        if (hasMap && files[0]) setReplacing(files[0]);
        else void upload(files);
      }}
      onReject={(messages) => notify.warn('upload_failed', messages.join(' '))}
      hint={t('map.uploadHint')}
    />
  ) : null;

  if (!hasMap) {
    return (
      <>
        <EmptyState title={t('map.none')} description={mayEdit ? t('map.noneEdit') : undefined} />
        {uploader}
      </>
    );
  }
  if (!imageUrl) return <Skeleton height="400px" />;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, flex: 1, minHeight: 0 }}>
      {mayEdit ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}>
          <Select
            label={t('map.place')}
            placeholder={t('map.choose')}
            options={unplaced.map((l) => ({ value: l.code, label: l.name, secondary: l.code }))}
            value={placing}
            onChange={setPlacing}
            disabled={unplaced.length === 0}
          />
          {placing ? (
            <Button variant="ghost" onClick={() => setPlacing(null)}>
              {t('map.cancelPlacing')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <BranchMapEditor
          imageSrc={imageUrl}
          imageAlt={t('map.alt', { name: branch.name })}
          markers={markers}
          readOnly={!mayEdit}
          placing={placing ? { label: names.get(placing) ?? placing } : null}
          onPlace={(x, y) => {
            if (placing) void save(placing, x, y);
            setPlacing(null);
          }}
          onMove={(id, x, y) => void save(id, x, y)}
          onDelete={(id) => setDeleting(id)}
          onDeleteAll={() => void removeAll()}
        />
      </div>
      {mayEdit ? (
        <details>
          <summary>{t('map.replace')}</summary>
          {uploader}
        </details>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('map.deleteTitle')}
        message={t('map.deleteConfirm', { name: deleting ? (names.get(deleting) ?? deleting) : '' })}
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void removeOne(deleting)}
      />
      <ConfirmDialog
        open={replacing !== null}
        title={t('map.replaceTitle')}
        message={t('map.replaceConfirm')}
        onCancel={() => setReplacing(null)}
        onConfirm={() => {
          const file = replacing;
          setReplacing(null);
          if (file) void upload([file]);
        }}
      />
    </div>
  );
}
