import {
  LABEL_LAYOUTS,
  type LabelKind,
  type LabelLayout,
  labelFilename,
  labelsPerSheet,
} from '@falcon/api-client/lite';
import { Button, Dialog, Select, useToast } from '@falcon/ui';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { errorKey } from '../../../lib/messages';

/** What the labels are for: chosen containers (one, or search results), or a rack of the grid (or its whole location). */
type LabelTarget =
  | { kind: 'containers'; ids: readonly string[] }
  | { kind: 'rack'; position: number; name: string };

export interface LabelDialogProps {
  /** The location's code. */
  code: string;
  target: LabelTarget;
  open: boolean;
  onClose: () => void;
}

const layoutLabel = (t: TFunction<'location'>, layout: LabelLayout): string => {
  switch (layout) {
    case 'a4-l7163':
      return t('labels.layout.a4-l7163');
    case 'a4-l7160':
      return t('labels.layout.a4-l7160');
    case 'thermal-100x50':
      return t('labels.layout.thermal-100x50');
  }
};

const kindLabel = (t: TFunction<'location'>, kind: LabelKind): string => {
  switch (kind) {
    case 'container':
      return t('labels.kind.container');
    case 'shelf':
      return t('labels.kind.shelf');
    case 'rack':
      return t('labels.kind.rack');
  }
};

/**
 * "Print labels": the label stock (two A4 sheets or thermal labels), for a rack also what to print
 * (container, shelf or rack labels) and whether for the rack or the whole location, on a partly used
 * A4 sheet the first free label; then the server's PDF is downloaded. The server prints only the
 * fields the user may see.
 */
export function LabelDialog({ code, target, open, onClose }: LabelDialogProps) {
  const { t } = useTranslation(['location', 'common', 'messages']);
  const toast = useToast();
  const [layout, setLayout] = useState<LabelLayout>('a4-l7163');
  const [kind, setKind] = useState<LabelKind>('container');
  const [wholeLocation, setWholeLocation] = useState(false);
  const [start, setStart] = useState('1');
  const max = labelsPerSheet(layout);
  const startNumber = Number(start);
  const startValid = max === 1 || (Number.isInteger(startNumber) && startNumber >= 1 && startNumber <= max);

  const body = () => ({
    layout,
    start: max === 1 ? 1 : startNumber,
    ...(target.kind === 'containers'
      ? { kind: 'container' as const, containerIds: [...target.ids] }
      : { kind, ...(wholeLocation ? {} : { rack: target.position }) }),
  });

  const download = useMutation({
    mutationFn: async () => {
      const request = body();
      const blob = await api.location.labels({ params: { code }, body: request });
      saveBlob(blob, labelFilename(code, { ...request, kind: request.kind ?? 'container' }));
    },
    onSuccess: () => {
      toast.show({ type: 'info', title: t('labels.done') });
      onClose();
    },
    onError: (error) =>
      toast.show({ type: 'error', title: t('labels.failed'), text: t(errorKey(error), { ns: 'messages' }) }),
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('labels.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button loading={download.isPending} disabled={!startValid} onClick={() => download.mutate()}>
            {t('labels.download')}
          </Button>
        </>
      }
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <p style={{ margin: 0 }}>
          {target.kind === 'containers'
            ? target.ids.length === 1
              ? t('labels.scope.container')
              : t('labels.scope.selection', { count: target.ids.length })
            : wholeLocation
              ? t('labels.scope.location')
              : t('labels.scope.rack', { name: target.name })}
        </p>
        {target.kind === 'rack' ? (
          <>
            <Select
              label={t('labels.kindLegend')}
              options={(['container', 'shelf', 'rack'] as const).map((k) => ({
                value: k,
                label: kindLabel(t, k),
              }))}
              value={kind}
              onChange={(value) => setKind(value as LabelKind)}
            />
            <Select
              label={t('labels.scope.legend')}
              options={[
                { value: 'rack', label: t('labels.scope.rack', { name: target.name }) },
                { value: 'location', label: t('labels.scope.location') },
              ]}
              value={wholeLocation ? 'location' : 'rack'}
              onChange={(value) => setWholeLocation(value === 'location')}
            />
          </>
        ) : null}
        <Select
          label={t('labels.layoutLegend')}
          options={LABEL_LAYOUTS.map((l) => ({ value: l, label: layoutLabel(t, l) }))}
          value={layout}
          onChange={(value) => {
            setLayout(value as LabelLayout);
            setStart('1');
          }}
        />
        {max > 1 ? (
          <div>
            <Field
              id="label-start"
              label={t('labels.start')}
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              value={start}
              onChange={(e) => setStart(e.target.value)}
              error={startValid ? null : t('labels.startHint', { max })}
            />
            {startValid ? (
              <p style={{ margin: '4px 0 0', fontSize: '0.875em' }}>{t('labels.startHint', { max })}</p>
            ) : null}
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
