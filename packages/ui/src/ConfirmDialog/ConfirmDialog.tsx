import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
import { Dialog } from '../Dialog/Dialog';
import { useUiText } from '../UiText/UiTextProvider';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: red confirm button. */
  danger?: boolean;
  /** The confirmed action is running: the confirm button spins. */
  loading?: boolean;
}

/** Asks before an action; focus starts on Cancel, so Enter never confirms by accident. */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  danger = false,
  loading = false,
}: ConfirmDialogProps) {
  const { t } = useUiText();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      alert
      closeOnBackdrop={false}
      initialFocus="[data-cancel]"
      footer={
        <>
          <Button data-cancel="" onClick={onCancel}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={loading} onClick={onConfirm}>
            {confirmLabel ?? t('common.confirm')}
          </Button>
        </>
      }
    >
      {message ? <p>{message}</p> : null}
    </Dialog>
  );
}
