import { ACTION_PERMISSIONS, hasAll } from '@falcon/api-client/lite';
import { MESSAGE_PERMISSIONS } from '../../../lib/container-actions';

/** What the user may do with a rack: each action with its permission. */
export const rackPermissions = (granted: readonly string[]) => {
  const may = (code: string) => hasAll(granted, [code]);
  return {
    scan: may(ACTION_PERMISSIONS.scanRack),
    handle: may(ACTION_PERMISSIONS.handleRack),
    messageRack: may(MESSAGE_PERMISSIONS.rack),
    messageShelf: may(MESSAGE_PERMISSIONS.shelf),
  };
};
