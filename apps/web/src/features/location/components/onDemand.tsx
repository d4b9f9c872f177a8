import { lazy } from 'react';
import { Deferred } from '../../../components/Deferred';
import type { LabelDialogProps } from './LabelDialog';
import type { RackActionsProps } from './RackActions';

const LabelDialog = lazy(() => import('./LabelDialog').then((m) => ({ default: m.LabelDialog })));
const RackActions = lazy(() => import('./RackActions').then((m) => ({ default: m.RackActions })));

/** "Print labels", loaded when first opened (the label stocks and their form). */
export function LabelDialogOnDemand(props: LabelDialogProps) {
  return (
    <Deferred when={props.open}>
      <LabelDialog {...props} />
    </Deferred>
  );
}

/** A rack's actions, loaded when a rack is first chosen in the grid. */
export function RackActionsOnDemand(props: RackActionsProps) {
  return (
    <Deferred when={props.rack !== null}>
      <RackActions {...props} />
    </Deferred>
  );
}
