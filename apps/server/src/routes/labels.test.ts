import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeContainers, type Client, createTestApp, signIn, type TestApp } from '../../test/harness';
import { pdfBarcodes, pdfPageCount, pdfPageSizeMm, pdfText } from '../../test/pdf-readback';
import * as t from '../db/schema';

let h: TestApp;
let kdadmin: Client;
let staff: Client;
let containers: (typeof t.containers.$inferSelect)[];
let locationCode: string;
let foreignLocation: string;

const labels = (client: Client, code: string, body: unknown, lang = 'en') =>
  client.post(`/api/rest/v2/location/${code}/labels?lang=${lang}`, body);
const pdfOf = (res: { statusCode: number; rawPayload: Buffer; body: string }) => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.rawPayload;
};

beforeAll(async () => {
  h = await createTestApp();
  [kdadmin, staff] = await Promise.all([signIn(h.app, 'kdadmin'), signIn(h.app, 'staff')]);
  const [first] = await activeContainers(h.database.db);
  locationCode = first!.locationCode;
  containers = await h.database.db
    .select()
    .from(t.containers)
    .where(and(eq(t.containers.locationCode, locationCode), eq(t.containers.active, true)))
    .orderBy(asc(t.containers.id))
    .limit(3);
  // Letters the 14 standard PDF fonts lack (hu, pl, ro, cs): the embedded font must carry them.
  await h.database.db
    .update(t.containers)
    .set({ articleName: 'Csavar ő ű ł ș ț ě' })
    .where(eq(t.containers.id, containers[0]!.id));
  const [other] = await h.database.db
    .select({ code: t.locations.code })
    .from(t.locations)
    .where(ne(t.locations.concernCode, 'C001'))
    .limit(1);
  foreignLocation = other!.code;
});
afterAll(() => h.close());

describe('container labels', () => {
  it('prints a selection on an A4 sheet (Avery L7163) whose text and both barcodes read back', async () => {
    const pdf = pdfOf(
      await labels(
        kdadmin,
        locationCode,
        { layout: 'a4-l7163', containerIds: containers.map((c) => c.id) },
        'hu',
      ),
    );
    expect(pdfPageCount(pdf)).toBe(1);
    const size = pdfPageSizeMm(pdf);
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([210, 297]);
    const text = pdfText(pdf);
    expect(text).toContain('Csavar ő ű ł ș ț ě');
    for (const c of containers) {
      expect(text).toContain(c.articleCode);
      expect(text).toContain(c.customerPartNumber);
      expect(text).toContain(c.placeCode);
      expect(text).toContain(c.barcode);
    }
    // Hungarian words and numbers: "Töltési mennyiség"-like field names come from the shared labels.
    expect(text).toContain('Raktárhely');
    const codes = await pdfBarcodes(pdf);
    for (const c of containers) {
      expect(codes).toContainEqual({ format: 'Code128', text: c.barcode });
      expect(codes).toContainEqual({ format: 'DataMatrix', text: c.barcode });
    }
  });

  it('prints one container on a 100 x 50 mm thermal label, barcodes readable', async () => {
    const c = containers[1]!;
    const pdf = pdfOf(
      await labels(kdadmin, locationCode, { layout: 'thermal-100x50', containerIds: [c.id] }, 'pl'),
    );
    const size = pdfPageSizeMm(pdf);
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([100, 50]);
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain(c.articleCode);
    expect(text).toContain('Miejsce składowania');
    const codes = await pdfBarcodes(pdf);
    expect(codes).toEqual(
      expect.arrayContaining([
        { format: 'Code128', text: c.barcode },
        { format: 'DataMatrix', text: c.barcode },
      ]),
    );
  });

  it('starts on a partly used sheet: two labels from the last place fill two pages', async () => {
    const pdf = pdfOf(
      await labels(kdadmin, locationCode, {
        layout: 'a4-l7163',
        start: 14,
        containerIds: containers.slice(0, 2).map((c) => c.id),
      }),
    );
    expect(pdfPageCount(pdf)).toBe(2);
  });

  it('leaves out what the user may not see: customer staff get the barcode to scan, no container or place code', async () => {
    const c = containers[0]!;
    const all = pdfText(
      pdfOf(await labels(kdadmin, locationCode, { layout: 'a4-l7160', containerIds: [c.id] }, 'ro')),
    );
    expect(all).toContain(c.placeCode);
    const pdf = pdfOf(await labels(staff, locationCode, { layout: 'a4-l7160', containerIds: [c.id] }, 'ro'));
    const text = pdfText(pdf);
    expect(text).toContain(c.articleCode);
    expect(text).toContain('ő ű ł ș ț');
    expect(text).toContain(c.barcode);
    expect(text).not.toContain(c.placeCode);
    expect(text).not.toContain(c.code);
    expect(await pdfBarcodes(pdf)).toContainEqual({ format: 'DataMatrix', text: c.barcode });
  });

  it("refuses another tenant's location and containers of another location as missing (404)", async () => {
    const foreign = await labels(kdadmin, foreignLocation, { layout: 'a4-l7163' });
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, 'location_not_found']);
    const [elsewhere] = await h.database.db
      .select({ id: t.containers.id })
      .from(t.containers)
      .where(eq(t.containers.locationCode, foreignLocation))
      .limit(1);
    const mixed = await labels(kdadmin, locationCode, {
      layout: 'a4-l7163',
      containerIds: [containers[0]!.id, elsewhere!.id],
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toMatchObject({ error: 'container_not_found', details: { field: 'containerIds' } });
  });

  it('answers bad input with 400 naming the field', async () => {
    const start = await labels(kdadmin, locationCode, { layout: 'a4-l7163', start: 15 });
    expect(start.statusCode).toBe(400);
    expect(start.json()).toMatchObject({ error: 'validation_error', details: { field: 'start' } });
    const layout = await labels(kdadmin, locationCode, { layout: 'a5' });
    expect(layout.statusCode).toBe(400);
    expect(JSON.stringify(layout.json())).toContain('layout');
    const rack = await labels(kdadmin, locationCode, { layout: 'a4-l7163', rack: 999 });
    expect(rack.statusCode).toBe(404);
    expect(rack.json()).toMatchObject({ details: { field: 'rack' } });
  });
});

describe('rack and shelf labels', () => {
  it("prints a rack's shelves and the location's racks with their codes as barcodes", async () => {
    const db = h.database.db;
    const [rack] = await db
      .select()
      .from(t.racks)
      .where(eq(t.racks.locationCode, locationCode))
      .orderBy(asc(t.racks.position))
      .limit(1);
    const shelves = await db.select().from(t.shelves).where(eq(t.shelves.rackCode, rack!.code));
    const shelfPdf = pdfOf(
      await labels(kdadmin, locationCode, { kind: 'shelf', layout: 'a4-l7160', rack: rack!.position }, 'de'),
    );
    const text = pdfText(shelfPdf);
    expect(text).toContain(rack!.name);
    expect(text).toContain('Fachboden 1');
    const codes = await pdfBarcodes(shelfPdf);
    for (const shelf of shelves) expect(codes).toContainEqual({ format: 'Code128', text: shelf.code });

    const racks = await db.select().from(t.racks).where(eq(t.racks.locationCode, locationCode));
    const rackPdf = pdfOf(
      await labels(kdadmin, locationCode, { kind: 'rack', layout: 'thermal-100x50' }, 'cs'),
    );
    expect(pdfPageCount(rackPdf)).toBe(racks.length);
    expect(pdfText(rackPdf, { first: 1, last: 1 })).toContain(`Skladové místo ${locationCode}`);
    expect(await pdfBarcodes(rackPdf, 1)).toContainEqual({ format: 'DataMatrix', text: rack!.code });
  });

  it('writes the protocol like an export: who printed what for which location', async () => {
    const rows = await h.database.db
      .select()
      .from(t.protocol)
      .where(and(eq(t.protocol.objectType, 'labels'), eq(t.protocol.locationCode, locationCode)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.username)).toContain('kdadmin');
  });
});
