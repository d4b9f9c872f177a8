export { containerCode, containerId, ean13 } from './containers';
export {
  createDataset,
  type DatasetOptions,
  DEFAULT_DATASET_NOW,
  LARGE_MIN_CONTAINERS,
} from './createDataset';
export {
  containerEvents,
  type DatasetContainerEvent,
  HISTORY_WEEKS,
  historyAnchor,
  historyParams,
  historyWeekStart,
  mix32,
  NOISE_STRIDE,
  NOISE_TABLE,
  NOISE_TABLE_SIZE,
  noiseOffset,
  quantityChangeWeek,
  unit,
  weeklyConsumption,
} from './history';
export { DEMO_PASSWORD } from './people';
export type * from './types';
