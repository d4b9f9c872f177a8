import { IMAGE_TYPES, UPLOAD_LIMITS } from '@falcon/api-client/lite';
import { Button, Dialog, useToast } from '@falcon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MessageTarget, sendMessage } from '../lib/container-actions';
import { errorKey } from '../lib/messages';
import { queryKeys } from '../lib/query-keys';

interface MessageDialogProps {
  /** What the message is about; null keeps the dialog closed. */
  target: MessageTarget | null;
  /** The line under the title that names the container, shelf or rack (translated by the caller). */
  about: string;
  onClose: () => void;
}

/**
 * A free-text message (with an optional photo) to the location's responsible clerk about a container, a
 * shelf or a rack: it becomes a request of type message, under "My requests" and in the clerk's inbox.
 * The photo goes up after the message (`review/:id/photo`); when only the photo is refused, the message
 * stands and a warning says so.
 */
export function MessageDialog({ target, about, onClose }: MessageDialogProps) {
  const { t } = useTranslation(['common', 'messages']);
  const photoAccepted = t('upload.images', { size: UPLOAD_LIMITS.imageBytes / 1024 / 1024 });
  const toast = useToast();
  const queryClient = useQueryClient();
  const formId = useId();
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);

  const close = () => {
    setText('');
    setPhoto(null);
    onClose();
  };

  const send = useMutation({
    mutationFn: (input: { target: MessageTarget; message: string; photo: File | null }) =>
      sendMessage(input.target, input.message, input.photo),
    onSuccess: ({ photoError }, input) => {
      if (photoError) {
        // The message went; the photo was refused: why, and what is accepted (an error: it stays until closed).
        toast.show({
          type: 'error',
          title: t('containerActions.messagePhotoFailed'),
          text: [
            t(errorKey(photoError), { ns: 'messages' }),
            t('upload.accepted', { what: photoAccepted }),
          ].join(' '),
        });
      } else {
        toast.show({ type: 'info', title: t('containerActions.messageSent') });
      }
      close();
      return Promise.all([
        input.target.kind === 'container'
          ? queryClient.invalidateQueries({ queryKey: queryKeys.container.all(input.target.id) })
          : undefined,
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
      ]);
    },
    onError: (error) =>
      toast.show({
        type: 'error',
        title: t('containerActions.messageFailed'),
        text: t(errorKey(error), { ns: 'messages' }),
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (target && message) send.mutate({ target, message, photo });
  };

  return (
    <Dialog
      open={target !== null}
      onClose={close}
      title={t('containerActions.messageTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={send.isPending}>
            {t('containerActions.message')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <p style={{ margin: 0, fontWeight: 600 }}>{about}</p>
        <p style={{ margin: 0 }}>{t('containerActions.messageHint')}</p>
        <label htmlFor={`${formId}-text`} style={{ fontWeight: 500 }}>
          {t('containerActions.messageText')}
        </label>
        <textarea
          id={`${formId}-text`}
          rows={4}
          maxLength={2000}
          required
          value={text}
          onChange={(event) => setText(event.target.value)}
          style={{ font: 'inherit', padding: 8 }}
        />
        <label htmlFor={`${formId}-photo`} style={{ fontWeight: 500 }}>
          {t('containerActions.messagePhoto')}
        </label>
        <input
          id={`${formId}-photo`}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          aria-describedby={`${formId}-photo-hint`}
          onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
        />
        <small id={`${formId}-photo-hint`}>{t('containerActions.messagePhotoHint')}</small>
      </form>
    </Dialog>
  );
}
