import { isApiError, type Rack } from '@falcon/api-client/lite';
import { Button, ConfirmDialog, Dialog, Select, useToast } from '@falcon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { MessageDialog } from '../../../components/MessageDialog';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { errorKey } from '../../../lib/messages';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import { LabelDialogOnDemand } from './LabelDialogOnDemand';
import { rackLabel } from './rackCells';
import { rackPermissions } from './rackPermissions';

/** Whether a rack holds an active container (a scan of a rack without one is refused). */
const hasActiveContainer = (rack: Rack) =>
  rack.shelves.some((shelf) => shelf.places.some((place) => place.container?.active));

/**
 * Why a scan of the rack cannot be asked for now, as a key of `location:rack` (the server's rule, api-client
 * `rackScanRefusal`: one scan of a rack waits at a time; a rack without an active container has nothing to scan).
 */
const rackScanBlock = (rack: Rack): 'scanPending' | 'scanEmpty' | null => {
  if (rack.scanPending) return 'scanPending';
  if (!hasActiveContainer(rack)) return 'scanEmpty';
  return null;
};

type Step = 'menu' | 'handle' | 'messageRack' | 'messageShelf' | 'labels';

export interface RackActionsProps {
  /** The location's code. */
  code: string;
  /** The rack chosen in the grid; null: nothing open. */
  rack: Rack | null;
  onClose: () => void;
}

/**
 * A rack chosen in the grid: when it was last handled and by whom, and what the user may do with it, each
 * with its permission: "scan rack" (one request to scan every active container of the rack; shown as
 * waiting while one is pending), "handle rack" (after confirming: the clerk records servicing it now),
 * and a message about the rack or one of its shelves. One dialog at a time: a step replaces the menu.
 */
export function RackActions({ code, rack, onClose }: RackActionsProps) {
  const { t } = useTranslation(['location', 'common', 'messages']);
  const format = useFormat();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { session } = useSnapshot(state);
  const may = rackPermissions(session?.permissions ?? []);
  const [step, setStep] = useState<Step>('menu');
  const [shelf, setShelf] = useState<string>('');

  const close = () => {
    setStep('menu');
    setShelf('');
    onClose();
  };
  const name = rack ? rackLabel(rack.name) : '';
  const position = rack?.position ?? 0;
  const shelves = rack ? [...rack.shelves].sort((a, b) => b.position - a.position) : [];
  const chosenShelf = shelf || String(shelves[0]?.position ?? '');

  // A rack scan changes the rack (scanPending) and what its containers show as pending.
  const refreshRack = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.location.all(code) }),
      queryClient.invalidateQueries({ queryKey: ['container'] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
    ]);

  const scan = useMutation({
    mutationFn: () => api.location.scanRack({ params: { code, rack: String(position) } }),
    onSuccess: () => {
      toast.show({ type: 'info', title: t('rack.scanSent') });
      close();
      return refreshRack();
    },
    onError: async (error) => {
      // Refused (409): the rack as it is now says why (a scan pending already, or nothing to scan).
      let reason: string | null = null;
      if (isApiError(error) && error.status === 409) {
        const racks = await api.location.racks({ params: { code } }).catch(() => null);
        if (racks) queryClient.setQueryData(queryKeys.location.racks(code), racks);
        const fresh = racks?.find((r) => r.position === position);
        const block = fresh ? rackScanBlock(fresh) : null;
        if (block) reason = t(`rack.${block}`);
      }
      toast.show({
        type: 'error',
        title: t('rack.scanFailed'),
        text: reason ?? t(errorKey(error), { ns: 'messages' }),
      });
    },
  });

  const handle = useMutation({
    mutationFn: () => api.location.handleRack({ params: { code, rack: String(position) } }),
    onSuccess: () => {
      toast.show({ type: 'info', title: t('rack.handledNow', { name }) });
      close();
      return queryClient.invalidateQueries({ queryKey: queryKeys.location.all(code) });
    },
    onError: (error) =>
      toast.show({
        type: 'error',
        title: t('rack.handleFailed'),
        text: t(errorKey(error), { ns: 'messages' }),
      }),
  });

  const scanBlock = rack ? rackScanBlock(rack) : null;
  const none = !may.scan && !may.handle && !may.messageRack && !(may.messageShelf && shelves.length > 0);

  return (
    <>
      <Dialog
        open={rack !== null && step === 'menu'}
        onClose={close}
        title={t('rack.title', { name })}
        footer={
          <Button variant="secondary" onClick={close}>
            {t('actions.close', { ns: 'common' })}
          </Button>
        }
      >
        {rack ? (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
            <p style={{ margin: 0 }}>
              {rack.lastHandled
                ? t('rack.lastHandled', {
                    when: format.dateTime(rack.lastHandled.at),
                    by: rack.lastHandled.by,
                  })
                : t('rack.neverHandled')}
            </p>
            {none ? <p style={{ margin: 0 }}>{t('rack.none')}</p> : null}
            {may.scan ? (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
                <div>
                  <Button
                    loading={scan.isPending}
                    disabled={scanBlock !== null}
                    aria-describedby="rack-scan-hint"
                    onClick={() => scan.mutate()}
                  >
                    {t('rack.scan')}
                  </Button>
                </div>
                <small id="rack-scan-hint">{scanBlock ? t(`rack.${scanBlock}`) : t('rack.scanHint')}</small>
              </div>
            ) : null}
            <div>
              <Button variant="secondary" onClick={() => setStep('labels')}>
                {t('labels.print')}
              </Button>
            </div>
            {may.handle ? (
              <div>
                <Button variant="secondary" onClick={() => setStep('handle')}>
                  {t('rack.handle')}
                </Button>
              </div>
            ) : null}
            {may.messageRack ? (
              <div>
                <Button variant="secondary" onClick={() => setStep('messageRack')}>
                  {t('rack.messageRack')}
                </Button>
              </div>
            ) : null}
            {may.messageShelf && shelves.length > 0 ? (
              <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
                <Select
                  label={t('rack.shelf')}
                  options={shelves.map((s) => ({
                    value: String(s.position),
                    label: t('rack.shelfOption', { position: s.position }),
                  }))}
                  value={chosenShelf}
                  onChange={(value) => setShelf(value)}
                />
                <Button variant="secondary" onClick={() => setStep('messageShelf')}>
                  {t('rack.messageShelf')}
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </Dialog>
      {rack ? (
        <LabelDialogOnDemand
          code={code}
          target={{ kind: 'rack', position, name }}
          open={step === 'labels'}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        open={rack !== null && step === 'handle'}
        title={t('rack.handleTitle', { name })}
        message={t('rack.handleConfirm', { name })}
        confirmLabel={t('rack.handle')}
        loading={handle.isPending}
        onCancel={() => setStep('menu')}
        onConfirm={() => handle.mutate()}
      />
      <MessageDialog
        target={
          rack && step === 'messageRack'
            ? { kind: 'rack', location: code, rack: position }
            : rack && step === 'messageShelf'
              ? { kind: 'shelf', location: code, rack: position, shelf: Number(chosenShelf) }
              : null
        }
        about={
          step === 'messageShelf'
            ? t('containerActions.messageAbout.shelf', { ns: 'common', rack: name, shelf: chosenShelf })
            : t('containerActions.messageAbout.rack', { ns: 'common', rack: name })
        }
        onClose={close}
      />
    </>
  );
}
