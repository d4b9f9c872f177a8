import { ensureServerBuilt } from './support';

/** Global setup: the operational tests run the BUILT server; build it first when it is stale. */
export default function setup() {
  ensureServerBuilt();
}
