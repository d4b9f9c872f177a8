export {
  CONTAINER_STATES,
  type Rack,
  type RackContainer,
  type RackShelf,
  RackShelfGrid,
  type RackShelfGridProps,
} from './RackShelfGrid';
