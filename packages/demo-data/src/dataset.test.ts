import { Container, DEFAULT_ROLES, DELIVERY_STATES, Scope } from '@falcon/api-client';
import { describe, expect, it } from 'vitest';
import { createDataset, DEMO_PASSWORD } from './index';
import type { Dataset } from './types';

/** The dataset without its streaming functions, for deep comparison. */
const plain = ({ containerBatches: _c, placeBatches: _p, ...data }: Dataset) => data;
const unique = (values: readonly string[]) => new Set(values).size === values.length;

const small = createDataset({ seed: 1, scale: 'small' });

describe('createDataset determinism', () => {
  it('gives deep-equal data for the same seed', () => {
    expect(plain(createDataset({ seed: 1, scale: 'small' }))).toEqual(plain(small));
  });

  it('gives different data for a different seed', () => {
    const other = createDataset({ seed: 2, scale: 'small' });
    expect(other.concerns.map((c) => c.name)).not.toEqual(small.concerns.map((c) => c.name));
    expect(other.articles.map((a) => a.name)).not.toEqual(small.articles.map((a) => a.name));
    expect(other.containers.map((c) => c.articleCode)).not.toEqual(
      small.containers.map((c) => c.articleCode),
    );
  });

  it('generates the small scale in well under a second', () => {
    const started = performance.now();
    createDataset({ seed: 3, scale: 'small' });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('createDataset realism (small)', () => {
  it('puts every container on a place of an existing shelf of an existing rack of its location', () => {
    const racks = new Map(small.racks.map((r) => [r.code, r]));
    const shelves = new Map(small.shelves.map((s) => [s.code, s]));
    const places = new Map(small.places.map((p) => [p.code, p]));
    for (const c of small.containers) {
      const place = places.get(c.placeCode);
      const shelf = shelves.get(c.shelfCode);
      const rack = racks.get(c.rackCode);
      expect(place, c.id).toBeDefined();
      expect(place?.shelfCode).toBe(c.shelfCode);
      expect(shelf?.rackCode).toBe(c.rackCode);
      expect(rack?.locationCode).toBe(c.locationCode);
      expect(c.position).toBe(place?.position);
      expect(c.position).toBeLessThanOrEqual(shelf?.placeCount ?? 0);
      expect(c.containerType).toBe(shelf?.containerType);
    }
    // One container per occupied place.
    expect(unique(small.containers.map((c) => c.placeCode))).toBe(true);
  });

  it('has racks with 4 to 8 shelves and 4 to 12 places per shelf', () => {
    const perRack = new Map<string, number>();
    for (const s of small.shelves) perRack.set(s.rackCode, (perRack.get(s.rackCode) ?? 0) + 1);
    expect(perRack.size).toBe(small.racks.length);
    for (const count of perRack.values()) expect(count).toBeGreaterThanOrEqual(4);
    for (const count of perRack.values()) expect(count).toBeLessThanOrEqual(8);
    for (const s of small.shelves) expect(s.placeCount).toBeGreaterThanOrEqual(4);
    expect(small.places.length).toBe(small.placeCount);
  });

  it('has unique codes, ids and barcodes (valid EAN-13)', () => {
    expect(unique(small.concerns.map((c) => c.code))).toBe(true);
    expect(unique(small.branches.map((b) => b.code))).toBe(true);
    expect(unique(small.locations.map((l) => l.code))).toBe(true);
    expect(unique(small.racks.map((r) => r.code))).toBe(true);
    expect(unique(small.shelves.map((s) => s.code))).toBe(true);
    expect(unique(small.places.map((p) => p.code))).toBe(true);
    expect(unique(small.containers.map((c) => c.id))).toBe(true);
    expect(unique(small.containers.map((c) => c.code))).toBe(true);
    expect(unique(small.containers.map((c) => c.barcode))).toBe(true);
    expect(unique(small.articles.map((a) => a.code))).toBe(true);
    expect(unique(small.articles.map((a) => a.name))).toBe(true);
    expect(unique(small.users.map((u) => u.username))).toBe(true);
    expect(unique(small.documents.map((d) => d.id))).toBe(true);
    for (const { barcode } of small.containers) {
      const digits = [...barcode].map(Number);
      const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
      expect(digits[12]).toBe((10 - (sum % 10)) % 10);
    }
  });

  it('follows the code scheme concern C001 > branch C001-B01 > location C001-B01-L01 > rack/shelf/place', () => {
    expect(small.concerns[0]?.code).toBe('C001');
    for (const b of small.branches) expect(b.code).toMatch(new RegExp(`^${b.concernCode}-B\\d{2}$`));
    for (const l of small.locations) expect(l.code).toMatch(new RegExp(`^${l.branchCode}-L\\d{2}$`));
    for (const r of small.racks) expect(r.code).toMatch(new RegExp(`^${r.locationCode}-R\\d{2,}$`));
    for (const s of small.shelves) expect(s.code).toMatch(new RegExp(`^${s.rackCode}-S[1-8]$`));
    for (const p of small.places) expect(p.code).toMatch(new RegExp(`^${p.shelfCode}-P\\d{2}$`));
    for (const c of small.containers) {
      expect(c.id).toMatch(/^K\d{7}$/);
      expect(c.branchCode).toBe(c.locationCode.slice(0, 8));
      expect(c.concernCode).toBe(c.locationCode.slice(0, 4));
    }
  });

  it('gives every container every field of the contract, with every delivery state and some trouble', () => {
    // What a backend works out when it answers (the requests pending for the container) is not stored data.
    const stored = Object.keys(Container.shape).filter((key) => key !== 'pendingRequests');
    for (const c of small.containers) {
      expect(Container.safeParse(c).success).toBe(true);
      for (const key of stored) expect(c, key).toHaveProperty(key);
    }
    const states = new Set(small.containers.map((c) => c.deliveryStatus));
    expect([...states].sort()).toEqual([...DELIVERY_STATES].sort());
    expect(small.containers.some((c) => c.alarming)).toBe(true);
    expect(small.containers.some((c) => c.error !== null)).toBe(true);
    expect(small.containers.some((c) => !c.active)).toBe(true);
    expect(small.containers.filter((c) => c.alarming).every((c) => c.active && c.reachInWeeks <= 1)).toBe(
      true,
    );
  });

  it('stocks industrial C-parts with DIN/ISO names', () => {
    for (const a of small.articles) expect(a.name).toMatch(/\b(DIN|ISO) \d+/);
    const names = small.articles.map((a) => a.name).join('\n');
    for (const word of [
      /schraube|screw/i,
      /mutter|nut/i,
      /scheibe|washer|federring/i,
      /niete|rivet/i,
      /stift|splint|pin/i,
    ])
      expect(names).toMatch(word);
  });

  it('places concerns, branches and locations in German, Czech and Polish towns', () => {
    const branches = small.branches.map((b) => b.name).join(' ');
    expect(branches).toMatch(/Werk /);
    expect(branches).toMatch(/Závod |Zakład /);
    for (const l of small.locations) {
      expect(small.branches.some((b) => b.code === l.branchCode && b.concernCode === l.concernCode)).toBe(
        true,
      );
      expect(l.address).toBeTruthy();
    }
  });

  it('references only existing employees, containers, locations and articles', () => {
    const employees = new Set(small.employees.map((e) => e.key));
    for (const x of [...small.concerns, ...small.branches, ...small.locations]) {
      if (x.inHouseStaffEmployeeKey) expect(employees.has(x.inHouseStaffEmployeeKey)).toBe(true);
      if (x.fieldServiceEmployeeKey) expect(employees.has(x.fieldServiceEmployeeKey)).toBe(true);
    }
    const containers = new Map(small.containers.map((c) => [c.id, c]));
    const locations = new Set(small.locations.map((l) => l.code));
    for (const d of small.documents) {
      if (d.containerId) expect(containers.get(d.containerId)?.document).toBe(d.filename);
      if (d.articleCode) expect(small.articles.some((a) => a.code === d.articleCode)).toBe(true);
      expect(new TextDecoder().decode(d.content.slice(0, 8))).toBe('%PDF-1.4');
    }
    for (const r of small.reviewRequests) {
      expect(containers.get(r.containerId ?? '')?.locationCode).toBe(r.locationCode);
      expect(employees.has(r.assigneeKey ?? '')).toBe(true);
    }
    expect(small.reviewRequests.some((r) => r.state === 'pending')).toBe(true);
    for (const a of small.appointments) {
      expect(locations.has(a.locationCode)).toBe(true);
      expect(a.endDate > a.startDate).toBe(true);
    }
    for (const p of small.locationPositions) expect(p.locationCode.startsWith(p.branchCode)).toBe(true);
    expect(Object.keys(small.footerLinks).sort()).toEqual(['legalNotice', 'privacy', 'terms']);
  });

  it('has the five default roles and the demo users, all with password demo1234', () => {
    expect(small.roles.map((r) => r.rolename)).toEqual(Object.keys(DEFAULT_ROLES));
    const user = (name: string) => small.users.find((u) => u.username === name);
    expect(user('admin')).toMatchObject({ roles: ['ADMIN'], scope: { all: true } });
    expect(user('backoffice')).toMatchObject({ roles: ['BACKOFFICE'], employeeKey: 'IH01' });
    expect(small.concerns.filter((c) => user('backoffice')?.scope.concerns.includes(c.code))).toSatisfy(
      (cs: { inHouseStaffEmployeeKey: string | null }[]) =>
        cs.length > 0 && cs.every((c) => c.inHouseStaffEmployeeKey === 'IH01'),
    );
    expect(user('sales')).toMatchObject({ roles: ['SALESFORCE'], employeeKey: 'FS01' });
    expect(user('kdadmin')).toMatchObject({ roles: ['KD_ADMIN'], scope: { concerns: ['C001'] } });
    expect(user('staff')).toMatchObject({ roles: ['KD_USER'], scope: { concerns: ['C001'] } });
    for (const u of small.users) {
      expect(u.password).toBe(DEMO_PASSWORD);
      expect(Scope.safeParse(u.scope).success).toBe(true);
      for (const role of u.roles) expect(small.roles.some((r) => r.rolename === role)).toBe(true);
    }
    // Customer users always have foreign data they must not see.
    expect(small.containers.some((c) => c.concernCode !== 'C001')).toBe(true);
    expect(small.users.length).toBeGreaterThan(5);
  });
});

describe('createDataset scales', () => {
  it('demo has a few thousand containers and one location with about 5,000', () => {
    const demo = createDataset({ seed: 1, scale: 'demo' });
    expect(demo.containers.length).toBe(demo.containerCount);
    expect(demo.containerCount).toBeGreaterThan(7000);
    const perLocation = new Map<string, number>();
    for (const c of demo.containers)
      perLocation.set(c.locationCode, (perLocation.get(c.locationCode) ?? 0) + 1);
    expect(perLocation.get('C001-B01-L01')).toBeGreaterThanOrEqual(5000);
    expect(perLocation.get('C001-B01-L01')).toBeLessThan(5100);
    expect(demo.concerns.length).toBeGreaterThanOrEqual(5);
  });

  it('streams the same containers in batches as it holds', () => {
    const streamed = [...small.containerBatches(100)];
    expect(streamed.slice(0, -1).every((b) => b.length === 100)).toBe(true);
    expect(streamed.flat()).toEqual(small.containers);
    expect([...small.placeBatches(64)].flat()).toEqual(small.places);
  });
});
