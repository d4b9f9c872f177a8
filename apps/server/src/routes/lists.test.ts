import { createDataset } from '@falcon/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/harness';
import { upload } from '../../test/uploads';
import { png, text } from '../files/testing';

const dataset = createDataset({ seed: 1, scale: 'small' });
const own = dataset.containers.find((c) => c.concernCode === 'C001' && c.active)!;
const foreign = dataset.containers.find((c) => c.concernCode !== 'C001')!;
const code = own.locationCode;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

describe('barcode lists', () => {
  it('refuses a png renamed .csv with 415 (content decides, not the name)', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const res = await upload(t.app, kdadmin, `/api/rest/v2/location/${code}/barcodelist/upload`, {
      bytes: await png(),
      name: 'list.csv',
      type: 'text/csv',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      error: 'unsupported_media_type',
      details: { field: 'file', detected: 'image/png' },
    });
  });

  it('reports the one invalid barcode, asks before the same list again and accepts it with again=true', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const url = `/api/rest/v2/location/${code}/barcodelist/upload`;
    const file = { bytes: text(`Barcode\n${own.barcode}\n${foreign.barcode}\n`), name: 'scan.csv' };
    const first = await upload(t.app, kdadmin, url, file);
    expect(first.statusCode).toBe(201);
    const list = first.json();
    expect(list).toMatchObject({ rowCount: 2, invalidCount: 1, duplicateOf: null, uploadedBy: 'kdadmin' });
    expect(list.rows).toEqual([
      { line: 2, barcode: own.barcode, valid: true, error: null, containerId: own.id },
      { line: 3, barcode: foreign.barcode, valid: false, error: 'invalid_barcode', containerId: null },
    ]);

    const again = await upload(t.app, kdadmin, url, file);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'upload_again_required', details: { duplicateOf: list.id } });

    const confirmed = await upload(t.app, kdadmin, url, file, { again: 'true' });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().duplicateOf).toBe(list.id);

    const listed = await kdadmin.post(`/api/rest/v2/location/${code}/barcodelists`, {});
    expect(listed.json().items.map((l: { id: string }) => l.id)).toEqual([confirmed.json().id, list.id]);
    const stored = await kdadmin.get(`/api/rest/v2/barcodelist/${list.id}/file`);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-disposition']).toMatch(/^attachment/);
    expect(stored.headers['x-content-type-options']).toBe('nosniff');
    expect(stored.body).toBe(`Barcode\n${own.barcode}\n${foreign.barcode}\n`);
  });

  it('answers a list of another concern with 404 like a missing one, and removes an own one', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const admin = await signIn(t.app, 'admin');
    const foreignList = await upload(
      t.app,
      admin,
      `/api/rest/v2/location/${foreign.locationCode}/barcodelist/upload`,
      {
        bytes: text(`${foreign.barcode}\n`),
        name: 'f.txt',
      },
    );
    expect(foreignList.statusCode).toBe(201);
    const id = foreignList.json().id;
    const hidden = await kdadmin.get(`/api/rest/v2/barcodelist/${id}`);
    const missing = await kdadmin.get('/api/rest/v2/barcodelist/BL-none');
    expect([hidden.statusCode, hidden.json()]).toEqual([missing.statusCode, missing.json()]);
    expect(hidden.statusCode).toBe(404);
    expect((await kdadmin.del(`/api/rest/v2/barcodelist/${id}`)).statusCode).toBe(404);
    expect((await admin.del(`/api/rest/v2/barcodelist/${id}`)).json()).toEqual({ deleted: 1 });
    expect((await admin.get(`/api/rest/v2/barcodelist/${id}`)).statusCode).toBe(404);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const res = await kdadmin.post(`/api/rest/v2/location/${code}/barcodelist/upload`, { code });
    expect(res.statusCode).toBe(415);
  });
});

describe('inventory lists', () => {
  it('validates per row and refuses to transfer a list with errors', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const res = await upload(t.app, kdadmin, `/api/rest/v2/location/${code}/inventorylist/upload`, {
      bytes: text(`${own.barcode};x\n123;4\n${own.code};2\n`),
      name: 'count.csv',
    });
    expect(res.statusCode).toBe(201);
    const list = res.json();
    expect(list.rows.map((r: { errors: string[] }) => r.errors)).toEqual([
      ['invalid_quantity', 'duplicate_barcode'],
      ['invalid_barcode'],
      ['duplicate_barcode'],
    ]);
    const transfer = await kdadmin.post(`/api/rest/v2/inventorylist/${list.id}/transfer`);
    expect([transfer.statusCode, transfer.json().details.field]).toEqual([400, 'rows']);
    expect((await kdadmin.get(`/api/rest/v2/inventorylist/${list.id}`)).json().rows).toHaveLength(3);
  });

  it('transfers a clean list as a review request assigned to the in-house employee; a second transfer is 409', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const res = await upload(t.app, kdadmin, `/api/rest/v2/location/${code}/inventorylist/upload`, {
      bytes: text(`${own.barcode};7\n`),
      name: 'ok.csv',
    });
    const list = res.json();
    const transfer = await kdadmin.post(`/api/rest/v2/inventorylist/${list.id}/transfer`);
    expect(transfer.statusCode).toBe(201);
    expect(transfer.json()).toMatchObject({
      type: 'inventorytransfer',
      state: 'pending',
      assigneeKey: 'IH01',
      payload: { inventoryListId: list.id },
    });
    expect((await kdadmin.get(`/api/rest/v2/inventorylist/${list.id}`)).json()).toMatchObject({
      state: 'transferred',
      reviewRequestId: transfer.json().id,
    });
    expect((await kdadmin.post(`/api/rest/v2/inventorylist/${list.id}/transfer`)).statusCode).toBe(409);
    expect((await kdadmin.del(`/api/rest/v2/inventorylist/${list.id}`)).statusCode).toBe(409);
  });
});
