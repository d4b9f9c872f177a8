import type { ReviewRequest, ReviewType } from '@falcon/api-client';
import type { Dataset } from '@falcon/demo-data';

/** Review requests: container actions, inventory transfers, messages and rack scans waiting for (or past) review. */
export class ReviewStore {
  readonly requests: ReviewRequest[];
  /** A message's photo per request id (the server keeps it in `files`). */
  readonly photos = new Map<string, { content: Uint8Array; contentType: string; filename: string }>();

  constructor(dataset: Dataset) {
    this.requests = structuredClone(dataset.reviewRequests);
  }

  byId(id: string): ReviewRequest | undefined {
    return this.requests.find((r) => r.id === id);
  }

  /** Whether the same request for a container is waiting for review already. */
  hasPending(containerId: string, type: ReviewType): boolean {
    return this.requests.some(
      (r) => r.containerId === containerId && r.type === type && r.state === 'pending',
    );
  }

  add(request: ReviewRequest): ReviewRequest {
    this.requests.push(request);
    return request;
  }

  /** Whether a scan of the rack waits for review. */
  rackScanPending(rackCode: string): boolean {
    return this.requests.some(
      (r) => r.type === 'rackscan' && r.state === 'pending' && r.payload.rackCode === rackCode,
    );
  }

  /** The kinds of request waiting for review for a container: its own, and a scan of its rack. */
  pendingTypesFor(container: { id: string; rackCode: string }): ReviewType[] {
    const types = new Set<ReviewType>();
    for (const r of this.requests)
      if (
        r.state === 'pending' &&
        (r.containerId === container.id ||
          (r.type === 'rackscan' && r.payload.rackCode === container.rackCode))
      )
        types.add(r.type);
    return [...types].sort();
  }
}
