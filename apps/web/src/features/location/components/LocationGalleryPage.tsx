import { ACTION_PERMISSIONS, hasAll, pageInfo, UPLOAD_LIMITS } from '@falcon/api-client/lite';
import { Button, type GalleryImage, ImageGallery } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useNotify } from '../../../lib/messages';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import { locationImagesQuery, GALLERY_PAGE_SIZE as PAGE_SIZE } from '../api/queries';
import { LocationFrame } from './LocationFrame';

/** The location's image gallery: paged, newest first; upload and delete with their permission. */
export function LocationGalleryPage({ code }: { code: string }) {
  const { t } = useTranslation('location');
  return (
    <LocationFrame code={code} title={t('nav.gallery')}>
      {() => <Gallery code={code} />}
    </LocationFrame>
  );
}

function Gallery({ code }: { code: string }) {
  const { t } = useTranslation(['location', 'common']);
  const format = useFormat();
  const notify = useNotify();
  const accepted = t('upload.images', { ns: 'common', size: UPLOAD_LIMITS.imageBytes / 1024 / 1024 });
  const { session } = useSnapshot(state);
  const mayEdit = hasAll(session?.permissions ?? [], [ACTION_PERMISSIONS.uploadDeleteLocationImage]);
  const [page, setPage] = useState(0);
  const images = useQuery(locationImagesQuery(code, page));
  const info = pageInfo(page, PAGE_SIZE, images.data?.total ?? 0);
  const shown: GalleryImage[] = (images.data?.items ?? []).map((image) => ({
    id: image.id,
    src: image.url,
    alt: image.filename,
    caption: t('gallery.caption', { date: format.date(image.uploadedAt), by: image.uploadedBy }),
  }));

  const queryClient = useQueryClient();
  const reloadImages = () => queryClient.invalidateQueries({ queryKey: queryKeys.location.allImages(code) });
  // Each file is its own upload: one that fails is reported and the others still go.
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      let failed = false;
      for (const file of files) {
        try {
          await api.location.uploadImage({ params: { code }, body: { code }, file, filename: file.name });
        } catch (error) {
          failed = true;
          // The reason (too large, not an image …) and what is accepted, until closed.
          notify.refused(error, accepted);
        }
      }
      if (!failed) notify.success('upload_successful');
    },
    onSettled: () => {
      setPage(0);
      return reloadImages();
    },
  });
  const remove = useMutation({
    mutationFn: (image: GalleryImage) => api.location.deleteImage({ params: { code, imageId: image.id } }),
    onSuccess: () => {
      notify.success('deletion_success');
      return reloadImages();
    },
    onError: (error) => notify.error(error, 'deletion_error'),
  });

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <ImageGallery
        images={shown}
        loading={images.isPending}
        onUpload={mayEdit ? (files) => upload.mutate(files) : undefined}
        onDelete={mayEdit ? (image) => remove.mutate(image) : undefined}
        deleteConfirmTitle={t('gallery.deleteConfirm')}
        emptyTitle={t('gallery.empty')}
        maxUploadSize={UPLOAD_LIMITS.imageBytes}
        onReject={(messages) => notify.refused(messages, accepted)}
      />
      {info.pageCount > 1 ? (
        <nav aria-label={t('gallery.pages')} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Button
            variant="secondary"
            size="sm"
            disabled={!info.hasPrevious}
            onClick={() => setPage(page - 1)}
          >
            {t('gallery.previous')}
          </Button>
          <span>{t('gallery.showing', { from: info.from, to: info.to, total: info.total })}</span>
          <Button variant="secondary" size="sm" disabled={!info.hasNext} onClick={() => setPage(page + 1)}>
            {t('gallery.next')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
