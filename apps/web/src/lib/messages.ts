import { isApiError, type MessageKey } from '@falcon/api-client';
import { useToast } from '@falcon/ui';
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { waitText } from './i18n';

/** The translated text of a server message key (spec section 8); unknown failures read as a network error. */
const messageText = (t: TFunction<'messages'>, key: MessageKey, values?: Record<string, unknown>) =>
  t(key, values ?? {});

export const errorKey = (error: unknown): MessageKey =>
  isApiError(error) ? error.key : 'unspecifiedNetworkError';

/** The values a failure's text may name: `{when}` of too_many_requests (the wait of a back-off). */
export const errorValues = (error: unknown) => ({
  when: waitText(isApiError(error) ? (error.details?.retryAfterSeconds as number | undefined) : undefined),
});

/** Why a deletion was refused (409 `details.reason`), in words; static keys. */
const refusalReason = (t: TFunction<'common'>, failure: unknown): string | undefined => {
  const reason = isApiError(failure) ? failure.details?.reason : undefined;
  switch (reason) {
    case 'self':
      return t('refusal.self');
    case 'built_in':
      return t('refusal.built_in');
    case 'transferred':
      return t('refusal.transferred');
    default:
      return undefined;
  }
};

/** Toasts for success and error message keys: `notify.success('scan_success')`, `notify.error(err, 'scan_error')`. */
export function useNotify() {
  const toast = useToast();
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation('common');
  const success = useCallback(
    (key: MessageKey, text?: string) => toast.show({ type: 'info', title: messageText(t, key), text }),
    [toast, t],
  );
  const warn = useCallback(
    (key: MessageKey, text?: string) => toast.show({ type: 'warn', title: messageText(t, key), text }),
    [toast, t],
  );
  /** The action's own error key as the title; the server's reason (if it has its own key) as the text. */
  const error = useCallback(
    (failure: unknown, fallback?: MessageKey) => {
      const key = errorKey(failure);
      const values = errorValues(failure);
      const title = messageText(t, fallback ?? key, values);
      // A 409 says why (issue 14): the reason the server names, else the server's own key.
      const text =
        refusalReason(tc, failure) ??
        (fallback && key !== fallback && key !== 'validation_error'
          ? messageText(t, key, values)
          : undefined);
      return toast.show({ type: 'error', title, text });
    },
    [toast, t, tc],
  );
  /**
   * A refused upload (the drop zone's size check, the server's 413/415): an error that stays until
   * closed, with the reason and what is accepted ("Accepted: JPEG, PNG or WebP, up to 15 MB").
   */
  const refused = useCallback(
    (failure: unknown, accepted: string) => {
      const reason = Array.isArray(failure)
        ? failure.join(' ')
        : errorKey(failure) === 'upload_failed'
          ? ''
          : messageText(t, errorKey(failure), errorValues(failure));
      const text = [reason, tc('upload.accepted', { what: accepted })].filter(Boolean).join(' ');
      return toast.show({ type: 'error', title: messageText(t, 'upload_failed'), text });
    },
    [toast, t, tc],
  );
  return useMemo(() => ({ success, warn, error, refused }), [success, warn, error, refused]);
}
