import type { ReviewRequest, ReviewType } from '@falcon/api-client';
import type { Dataset } from '@falcon/demo-data';

/** Review requests: container actions and inventory transfers waiting for (or past) review. */
export class ReviewStore {
  readonly requests: ReviewRequest[];

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
}
