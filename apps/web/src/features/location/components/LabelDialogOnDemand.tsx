import { lazy } from 'react';
import { Deferred } from '../../../components/Deferred';
import type { LabelDialogProps } from './LabelDialog';

const LabelDialog = lazy(() => import('./LabelDialog').then((m) => ({ default: m.LabelDialog })));

/** "Print labels", loaded when first opened (the label stocks and their form). */
export function LabelDialogOnDemand(props: LabelDialogProps) {
  return (
    <Deferred when={props.open}>
      <LabelDialog {...props} />
    </Deferred>
  );
}
