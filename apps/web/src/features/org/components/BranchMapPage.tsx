import { type Branch, IMAGE_TYPES, UPLOAD_LIMITS } from '@falcon/api-client/lite';
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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { useNotify } from '../../../lib/messages';
import { queryKeys } from '../../../lib/query-keys';
import { branchMapQuery, locationPositionsQuery } from '../api/queries';
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
  const [uploaded, setUploaded] = useState(false);
  const map = useQuery(branchMapQuery(code, branch.hasMap || uploaded));
  const positions = useQuery(locationPositionsQuery(code));
  const imageUrl = useObjectUrl(map.data);
  const [placing, setPlacing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
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

  const queryClient = useQueryClient();
  const reloadPositions = () => queryClient.invalidateQueries({ queryKey: queryKeys.branch.positions(code) });
  const savePosition = useMutation({
    mutationFn: ({ locationCode, x, y }: { locationCode: string; x: number; y: number }) =>
      api.branch.saveLocationPosition({
        params: { branchCode: code },
        body: { branchCode: code, locationCode, x, y },
      }),
    onSuccess: reloadPositions,
    onError: (error) => notify.error(error, 'upload_error'),
  });
  const save = (locationCode: string, x: number, y: number) => savePosition.mutate({ locationCode, x, y });
  const removePosition = useMutation({
    mutationFn: (locationCode: string) =>
      api.branch.deleteLocationPosition({ params: { branchCode: code }, body: { locationCode } }),
    onSuccess: () => {
      notify.success('deletion_success');
      return reloadPositions();
    },
    onError: (error) => notify.error(error, 'deletion_error'),
    onSettled: () => setDeleting(null),
  });
  const removeOne = (locationCode: string) => removePosition.mutate(locationCode);
  const removePositions = useMutation({
    mutationFn: () => api.branch.deleteLocationPositions({ params: { code } }),
    onSuccess: () => {
      notify.success('deletion_success');
      return reloadPositions();
    },
    onError: (error) => notify.error(error, 'deletion_error'),
  });
  const removeAll = () => removePositions.mutate();
  const uploadMap = useMutation({
    mutationFn: (file: File) =>
      api.branch.uploadMap({ params: { code }, body: { code }, file, filename: file.name }),
    onSuccess: () => {
      notify.success('upload_successful');
      setUploaded(true);
      // The branch now has a map (hasMap), and the map is the new one.
      return queryClient.invalidateQueries({ queryKey: queryKeys.branch.all(code) });
    },
    onError: (error) => notify.refused(error, t('map.uploadHint')),
  });
  const upload = (files: File[]) => {
    const file = files[0];
    if (file) uploadMap.mutate(file);
  };

  const hasMap = branch.hasMap || uploaded;
  const uploader = mayEdit ? (
    <FileDrop
      accept={IMAGE_TYPES.join(',')}
      maxSize={UPLOAD_LIMITS.mapBytes}
      onFiles={(files) => {
        if (hasMap && files[0]) setReplacing(files[0]);
        else upload(files);
      }}
      onReject={(messages) => notify.refused(messages, t('map.uploadHint'))}
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
            if (placing) save(placing, x, y);
            setPlacing(null);
          }}
          onMove={(id, x, y) => save(id, x, y)}
          onDelete={(id) => setDeleting(id)}
          onDeleteAll={removeAll}
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
        onConfirm={() => deleting && removeOne(deleting)}
      />
      <ConfirmDialog
        open={replacing !== null}
        title={t('map.replaceTitle')}
        message={t('map.replaceConfirm')}
        onCancel={() => setReplacing(null)}
        onConfirm={() => {
          const file = replacing;
          setReplacing(null);
          if (file) upload([file]);
        }}
      />
    </div>
  );
}
