import { createActivity, createAppointments, createDocuments, createImages, createMaps } from './activity';
import { type ArticleSpec, createCatalog, toDatasetArticle } from './catalog';
import { type ContainerContext, containersOf } from './containers';
import { createFakers } from './geography';
import { type LocationLayout, layoutLocation, placesOf } from './layout';
import { createOrg, type OrgConfig } from './org';
import { createRoles, createUsers } from './people';
import { dateTools, hash32, Rng } from './random';
import type { Dataset, DatasetContainer, DatasetPlace, DatasetScale } from './types';

export interface DatasetOptions {
  /** Same seed, same data. Default 1. */
  seed?: number;
  /** `small` (stories, tests), `demo` (the demo server and dev:mock), `large` (>= 1,000,000 containers). */
  scale?: DatasetScale;
  /** The moment dates are generated around; fixed by default so a seed always gives the same data. */
  now?: Date | string;
}

/** Default `now` of the data: the day after the product's build timestamp (spec section 2). */
export const DEFAULT_DATASET_NOW = '2025-09-01T08:00:00.000Z';
/** Minimum container count of the `large` scale. */
export const LARGE_MIN_CONTAINERS = 1_000_000;

interface ScaleConfig extends OrgConfig {
  containersPerLocation: readonly [number, number];
  /** Containers of the first location (C001-B01-L01), for the big grid; 0: like the others. */
  firstLocationContainers: number;
  /** Total at least this many containers (topping up the last locations). */
  minContainers: number;
  articles: number;
  appointments: readonly [number, number];
  images: readonly [number, number];
  /** Locations that get gallery images (the first n). */
  imageLocations: number;
  /** Locations (the first n) whose containers get review requests. */
  requestLocations: number;
  /** Every n-th container has a delivery note. */
  documentEvery: number;
  usersPerConcern: number;
  /** Keep every container and place in memory (`containers`, `places`). */
  materialise: boolean;
}

const SCALES: Record<DatasetScale, ScaleConfig> = {
  small: {
    concerns: 3,
    branches: [1, 2],
    locations: [1, 2],
    inHouseStaff: 2,
    fieldService: 2,
    containersPerLocation: [25, 50],
    firstLocationContainers: 0,
    minContainers: 0,
    articles: 80,
    appointments: [3, 6],
    images: [1, 3],
    imageLocations: Number.POSITIVE_INFINITY,
    requestLocations: 4,
    documentEvery: 7,
    usersPerConcern: 3,
    materialise: true,
  },
  demo: {
    concerns: 6,
    branches: [1, 3],
    locations: [2, 4],
    inHouseStaff: 4,
    fieldService: 4,
    containersPerLocation: [80, 200],
    firstLocationContainers: 5000,
    minContainers: 0,
    articles: 400,
    appointments: [4, 8],
    images: [2, 5],
    imageLocations: Number.POSITIVE_INFINITY,
    requestLocations: 8,
    documentEvery: 10,
    usersPerConcern: 3,
    materialise: true,
  },
  large: {
    concerns: 25,
    branches: [3, 5],
    locations: [3, 5],
    inHouseStaff: 8,
    fieldService: 12,
    containersPerLocation: [0, 0],
    firstLocationContainers: 0,
    minContainers: LARGE_MIN_CONTAINERS,
    articles: 2000,
    appointments: [1, 3],
    images: [1, 2],
    imageLocations: 20,
    requestLocations: 6,
    documentEvery: 1000,
    usersPerConcern: 3,
    materialise: false,
  },
};

/** Re-cuts chunks (a location's rows at a time) into batches of `size`; holds one chunk and one batch. */
function* inBatches<T>(chunks: Iterable<readonly T[]>, size: number): Generator<T[]> {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`batch size must be a positive integer: ${size}`);
  let batch: T[] = [];
  for (const chunk of chunks) {
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(size - batch.length, chunk.length - at);
      for (let i = 0; i < take; i++) batch.push(chunk[at + i] as T);
      at += take;
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length) yield batch;
}

/**
 * A deterministic dataset: realistic industrial C-parts in Kanban bins on racks at German, Czech,
 * Polish, Hungarian and Romanian plants. Same options, same data (deep-equal).
 * See README.md for the code scheme.
 */
export const createDataset = (options: DatasetOptions = {}): Dataset => {
  const seed = options.seed ?? 1;
  const scale = options.scale ?? 'small';
  const config = SCALES[scale];
  if (!config) throw new RangeError(`unknown dataset scale: ${String(scale)}`);
  const now = new Date(options.now ?? DEFAULT_DATASET_NOW);
  if (Number.isNaN(now.getTime())) throw new RangeError(`invalid now: ${String(options.now)}`);
  const dates = dateTools(now);
  const rng = new Rng(`${seed}:tree`);
  const fakers = createFakers(seed);

  const org = createOrg(rng, fakers, config);
  const catalog = createCatalog(new Rng(`${seed}:catalog`), config.articles);

  // Per-location targets; `large` spreads its minimum over all locations.
  const n = org.locations.length;
  const targets = org.locations.map((_, i) => {
    if (i === 0 && config.firstLocationContainers) return config.firstLocationContainers;
    if (config.minContainers) return Math.ceil((config.minContainers / n) * rng.float(0.85, 1.15, 3));
    return rng.int(...config.containersPerLocation);
  });
  const deficit = config.minContainers - targets.reduce((a, b) => a + b, 0);
  if (deficit > 0) targets[n - 1] = (targets[n - 1] as number) + deficit;

  const layouts: LocationLayout[] = [];
  let seq = 1;
  for (const [i, node] of org.locations.entries()) {
    const layout = layoutLocation(seed, node, targets[i] as number, seq);
    seq += layout.containerCount;
    layouts.push(layout);
  }
  const containerCount = seq - 1;
  const placeCount = layouts.reduce((sum, l) => sum + l.placeCount, 0);

  const assortments = new Map<string, ArticleSpec[]>();
  for (const concern of org.concerns) {
    const picked = catalog.filter((a) => hash32(`${seed}:${concern.code}:${a.code}`) % 100 < 60);
    assortments.set(concern.code, picked.length ? picked : catalog);
  }
  const ctx: ContainerContext = {
    seed,
    dates,
    assortment: (code) => assortments.get(code) ?? catalog,
    documentEvery: config.documentEvery,
  };
  const containerChunks = function* (): Generator<DatasetContainer[]> {
    for (const layout of layouts) yield containersOf(layout, ctx);
  };
  const placeChunks = function* (): Generator<DatasetPlace[]> {
    for (const layout of layouts) yield [...placesOf(layout)];
  };
  const containers = config.materialise ? [...containerChunks()].flat() : [];
  const places = config.materialise ? [...placeChunks()].flat() : [];

  const roles = createRoles();
  const users = createUsers(new Rng(`${seed}:users`), fakers, org, dates, config.usersPerConcern);
  const locations = layouts.map((l) => l.location);
  const samples = layouts
    .filter((l) => l.location.concernCode === 'C001' || l.location.concernCode === 'C002')
    .slice(0, config.requestLocations)
    .map((layout) => ({
      location: layout.location,
      containers: config.materialise
        ? containers.filter((c) => c.locationCode === layout.location.code)
        : containersOf(layout, ctx).slice(0, 200),
    }));
  const { reviewRequests, protocol } = createActivity({
    rng: new Rng(`${seed}:activity`),
    dates,
    org,
    users,
    samples,
  });
  const { branchMaps, locationPositions } = createMaps(new Rng(`${seed}:maps`), org);
  const seqs = function* () {
    for (let s = 1; s <= containerCount; s++) yield s;
  };

  return {
    seed,
    scale,
    now: now.toISOString(),
    concerns: org.concerns,
    branches: org.branches,
    locations,
    racks: layouts.flatMap((l) => l.racks.map((r) => r.rack)),
    shelves: layouts.flatMap((l) => l.racks.flatMap((r) => r.shelves.map((s) => s.shelf))),
    places,
    placeBatches: (size) => inBatches(config.materialise ? [places] : placeChunks(), size),
    placeCount,
    articles: catalog.map(toDatasetArticle),
    containers,
    containerBatches: (size) => inBatches(config.materialise ? [containers] : containerChunks(), size),
    containerCount,
    appointments: createAppointments(new Rng(`${seed}:appointments`), dates, layouts, config.appointments),
    employees: org.employees,
    users,
    roles,
    documents: createDocuments(catalog, seqs(), config.documentEvery),
    locationPositions,
    reviewRequests,
    protocol,
    images: createImages(
      new Rng(`${seed}:images`),
      dates,
      locations.slice(0, config.imageLocations),
      config.images,
      ['kdadmin', 'sales', 'backoffice'],
    ),
    branchMaps,
    footerLinks: {
      legalNotice: 'https://falcon-supply.example/impressum',
      privacy: 'https://falcon-supply.example/datenschutz',
      terms: 'https://falcon-supply.example/agb',
    },
  };
};
