import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../Button/Button';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog';
import { Dialog } from '../Dialog/Dialog';
import { EmptyState } from '../EmptyState/EmptyState';
import { FileDrop } from '../FileDrop/FileDrop';
import { ChevronLeftIcon } from '../internal/icons/ChevronLeftIcon';
import { ChevronRightIcon } from '../internal/icons/ChevronRightIcon';
import { CloseIcon } from '../internal/icons/CloseIcon';
import { Skeleton } from '../Skeleton/Skeleton';
import { useUiText } from '../UiText/UiTextProvider';

export interface GalleryImage {
  id: string;
  src: string;
  /** Describes the picture; also its name in lists. */
  alt: string;
  /** Shown under the thumbnail, e.g. the upload date or filename. */
  caption?: string;
}

export interface ImageGalleryProps {
  images: readonly GalleryImage[];
  loading?: boolean;
  /** Upload zone shown when given (permission: upload location image). */
  onUpload?: (files: File[]) => void;
  /** Delete buttons shown when given (permission: delete location image); asks first. */
  onDelete?: (image: GalleryImage) => void;
  deleteConfirmTitle?: string;
  emptyTitle?: string;
  maxUploadSize?: number;
  onReject?: (messages: string[]) => void;
}

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  margin: ${({ theme }) => theme.space[4]} 0 0;
  padding: 0;
  list-style: none;
`;

const Tile = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  & > button:first-child {
    padding: 0;
    border: 0;
    border-radius: ${({ theme }) => theme.radius.md};
    overflow: hidden;
    cursor: zoom-in;
    background: ${({ theme }) => theme.color.surfaceSunken};
    aspect-ratio: 4 / 3;
    &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
  }
  & img { display: block; width: 100%; height: 100%; object-fit: cover; }
  & > small { color: ${({ theme }) => theme.color.textMuted}; overflow-wrap: anywhere; }
  & > span { position: absolute; top: 6px; right: 6px; }
`;

const Stage = styled.figure`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  & img { max-width: 100%; max-height: 65vh; border-radius: ${({ theme }) => theme.radius.md}; }
  & figcaption { color: ${({ theme }) => theme.color.textMuted}; }
`;

/** Location pictures as thumbnails with a lightbox (arrow keys page through), upload and delete. */
export function ImageGallery({
  images,
  loading = false,
  onUpload,
  onDelete,
  deleteConfirmTitle,
  emptyTitle,
  maxUploadSize,
  onReject,
}: ImageGalleryProps) {
  const { t } = useUiText();
  const [open, setOpen] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<GalleryImage | null>(null);
  const current = open === null ? undefined : images[open];
  const step = (delta: number) =>
    setOpen((index) => (index === null ? null : (index + delta + images.length) % images.length));

  return (
    <div>
      {onUpload ? (
        <FileDrop accept="image/*" multiple onFiles={onUpload} maxSize={maxUploadSize} onReject={onReject} />
      ) : null}
      {loading && images.length === 0 ? (
        <Grid aria-busy="true">
          {[0, 1, 2, 3].map((n) => (
            <li key={n}>
              <Skeleton height="135px" radius="md" />
            </li>
          ))}
        </Grid>
      ) : images.length === 0 ? (
        <EmptyState title={emptyTitle ?? t('common.emptyTitle')} />
      ) : (
        <Grid>
          {images.map((image, index) => (
            <Tile key={image.id}>
              <button
                type="button"
                aria-label={t('gallery.open', { name: image.alt })}
                onClick={() => setOpen(index)}
              >
                <img src={image.src} alt="" loading="lazy" />
              </button>
              {image.caption ? <small>{image.caption}</small> : null}
              {onDelete ? (
                <span>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${t('gallery.delete')}: ${image.alt}`}
                    icon={<CloseIcon />}
                    onClick={() => setToDelete(image)}
                  />
                </span>
              ) : null}
            </Tile>
          ))}
        </Grid>
      )}
      <Dialog open={current !== undefined} onClose={() => setOpen(null)} title={current?.alt ?? ''} size="lg">
        {current ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys page the lightbox; the buttons are the other path
          <div
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') step(1);
              if (event.key === 'ArrowLeft') step(-1);
            }}
          >
            <Stage>
              <img src={current.src} alt={current.alt} />
              {current.caption ? <figcaption>{current.caption}</figcaption> : null}
            </Stage>
            {images.length > 1 ? (
              <div style={{ display: 'flex', justifyContent: 'center', gap: 8, marginTop: 12 }}>
                <Button
                  aria-label={t('gallery.previous')}
                  icon={<ChevronLeftIcon />}
                  onClick={() => step(-1)}
                />
                <span aria-live="polite" style={{ alignSelf: 'center' }}>
                  {(open ?? 0) + 1} / {images.length}
                </span>
                <Button aria-label={t('gallery.next')} icon={<ChevronRightIcon />} onClick={() => step(1)} />
              </div>
            ) : null}
          </div>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        title={deleteConfirmTitle ?? t('gallery.delete')}
        message={toDelete?.alt}
        danger
        confirmLabel={t('common.delete')}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) onDelete?.(toDelete);
          setToDelete(null);
        }}
      />
    </div>
  );
}
