import { UPLOAD_LIMITS } from '@falcon/api-client';
import { ConfirmDialog, FileDrop } from '@falcon/ui';
import { useTranslation } from 'react-i18next';
import { errorKey, useNotify } from '../../../lib/messages';
import { LIST_ACCEPT, type useListUpload } from './useListUpload';

interface ListUploadProps {
  upload: ReturnType<typeof useListUpload>;
  /** Texts of the first confirmation and the drop zone's hint, already translated. */
  hint: string;
  confirmTitle: string;
  confirmMessage: string;
  confirmLabel: string;
}

/**
 * The upload part both list sections share: the drop zone (type and size checked before sending),
 * the failure shown inline, the confirmation, and the 'again' confirmation for a list uploaded before.
 */
export function ListUpload({ upload, hint, confirmTitle, confirmMessage, confirmLabel }: ListUploadProps) {
  const { t } = useTranslation(['lists', 'messages']);
  const notify = useNotify();
  return (
    <>
      <FileDrop
        accept={LIST_ACCEPT}
        maxSize={UPLOAD_LIMITS.listBytes}
        hint={hint}
        disabled={upload.busy}
        onFiles={upload.choose}
        onReject={(messages) => notify.refused(messages, hint)}
      />
      {upload.error ? (
        <p role="alert" style={{ margin: 0 }}>
          {t('upload_failed', { ns: 'messages' })}
          {errorKey(upload.error) === 'upload_failed'
            ? null
            : ` ${t(errorKey(upload.error), { ns: 'messages' })}`}{' '}
          {t('upload.accepted', { ns: 'common', what: hint })}
        </p>
      ) : null}
      <ConfirmDialog
        open={upload.step === 'confirm'}
        title={confirmTitle}
        message={confirmMessage}
        confirmLabel={confirmLabel}
        loading={upload.busy}
        onCancel={upload.cancel}
        onConfirm={upload.confirm}
      />
      <ConfirmDialog
        open={upload.step === 'again'}
        title={t('againTitle')}
        message={t('againConfirm', { name: upload.file?.name ?? '' })}
        confirmLabel={t('uploadAgain')}
        loading={upload.busy}
        onCancel={upload.cancel}
        onConfirm={upload.confirm}
      />
    </>
  );
}
