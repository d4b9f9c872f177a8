import type { Container } from '@falcon/api-client/lite';
import { useToast } from '@falcon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import {
  ACTION_MESSAGES,
  type ContainerAction,
  type ContainerRequest,
  refusalOf,
  sendContainerRequest,
} from '../lib/container-actions';
import { useNotify } from '../lib/messages';
import { queryKeys } from '../lib/query-keys';

/**
 * Sends one container request for review (the one request path of the panel's actions, the scanner and
 * the sizing suggestion): the success toast, then fresh container, requests and dashboard; a 409 (someone
 * else was quicker) says why, read from the container as it is now. `onSettled` runs after a success and
 * after a refusal explained in words (a dialog closes).
 */
export function useContainerRequest(
  container: Pick<Container, 'id'>,
  { onSent, onRefused }: { onSent?: (action: ContainerAction) => void; onRefused?: () => void } = {},
) {
  const { t } = useTranslation(['common', 'messages']);
  const notify = useNotify();
  const toast = useToast();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (request: ContainerRequest) => sendContainerRequest(container.id, request),
    onSuccess: (_answer, { action }) => {
      notify.success(ACTION_MESSAGES[action].success);
      onSent?.(action);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.container.all(container.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
      ]);
    },
    onError: async (error, { action }) => {
      const fresh = await api.container.get({ params: { id: container.id } }).catch(() => null);
      if (fresh) queryClient.setQueryData(queryKeys.container.detail(container.id), fresh);
      const reason = refusalOf(error, action, fresh);
      if (!reason) return notify.error(error, ACTION_MESSAGES[action].failure);
      onRefused?.();
      void queryClient.invalidateQueries({ queryKey: queryKeys.container.requests(container.id) });
      return toast.show({
        type: 'error',
        title: t(ACTION_MESSAGES[action].failure, { ns: 'messages' }),
        text: t(`containerActions.refused.${reason}`),
      });
    },
  });
  const sending = (action: ContainerAction) => send.isPending && send.variables?.action === action;
  return { send, sending };
}
