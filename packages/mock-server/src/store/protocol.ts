import type { ProtocolEntryInput } from '@falcon/api-client';
import type { DatasetProtocolEntry } from '@falcon/demo-data';
import type { Ids } from './ids';

/** The protocol: append-only, entries as api-client's `protocolEntry` builds them. */
export class ProtocolLog {
  readonly entries: DatasetProtocolEntry[];

  constructor(
    initial: readonly DatasetProtocolEntry[],
    private readonly ids: Ids,
  ) {
    this.entries = structuredClone([...initial]);
  }

  /**
   * Appends an entry. `summary` is a template filled per reader from `params` (a container goes in
   * `params.container`, never into the text: the reader may not see its code).
   */
  log(entry: ProtocolEntryInput): DatasetProtocolEntry {
    const full: DatasetProtocolEntry = {
      id: this.ids.next('P'),
      at: this.ids.now(),
      before: null,
      after: null,
      params: null,
      ...entry,
    };
    this.entries.push(full);
    return full;
  }
}
