import { lazy } from 'react';
import { Deferred } from '../../../components/Deferred';
import type { RackActionsProps } from './RackActions';

const RackActions = lazy(() => import('./RackActions').then((m) => ({ default: m.RackActions })));

/** A rack's actions, loaded when a rack is first chosen in the grid. */
export function RackActionsOnDemand(props: RackActionsProps) {
  return (
    <Deferred when={props.rack !== null}>
      <RackActions {...props} />
    </Deferred>
  );
}
