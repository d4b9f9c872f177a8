import { checkLabelRequest, type LabelRequest, labelFilename, protocolEntry } from '@falcon/api-client';
import type { DatasetLocation } from '@falcon/demo-data';
import type { HttpHandler } from 'msw';
import type { Auth, MockDb } from '../db';
import { fail } from '../errors';
import { textPdf } from '../text-pdf';
import { fileResponse, type HandlerContext, route } from './route';
import { containerFor, locationFor } from './views';

/**
 * The mock's label PDF: the same checks, scope and field filter as the server, and one text line per
 * label in a plain PDF (the browser has no pdfkit and no fonts to embed; the real layouts, barcodes
 * and the embedded font are the server's, apps/server/src/labels).
 */
const labelLines = (db: MockDb, auth: Auth, location: DatasetLocation, body: LabelRequest): string[] => {
  const racks = [...(db.racksByLocation.get(location.code) ?? [])].sort((a, b) => a.position - b.position);
  const rack =
    body.rack === undefined
      ? null
      : (racks.find((r) => r.position === body.rack) ?? fail(404, 'not_found', 'rack'));
  const here = db.containersByLocation.get(location.code) ?? [];
  if (body.kind === 'rack')
    return (rack ? [rack] : racks).map((r) => `${r.name} · ${location.code} · ${location.name}`);
  if (body.kind === 'shelf')
    return (rack ? [rack] : racks).flatMap((r) =>
      (db.shelvesByRack.get(r.code) ?? []).map((s) => `${r.name} · ${s.position} · ${location.code}`),
    );
  const chosen = body.containerIds
    ? [...new Set(body.containerIds)].map(
        (id) => here.find((c) => c.id === id) ?? fail(404, 'container_not_found', 'containerIds'),
      )
    : here.filter((c) => c.active && (!rack || c.rackCode === rack.code));
  return chosen.map((row) => {
    const c = containerFor(auth, row);
    return [
      c.articleCode ?? c.code,
      c.articleName,
      c.customerPartNumber,
      c.fillingQuantity,
      c.packagingUnit,
      c.barcode,
    ]
      .filter((v) => v !== undefined && v !== null)
      .join(' · ');
  });
};

export const labelHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'location', 'labels', ({ db, auth, params, body }) => {
    checkLabelRequest(body);
    const location = locationFor(db, auth, params.code);
    const lines = labelLines(db, auth, location, body);
    const rack =
      body.rack === undefined
        ? undefined
        : db.racksByLocation.get(location.code)?.find((r) => r.position === body.rack);
    db.protocol.log(
      protocolEntry.labelsPrinted(auth.user.username, location.code, {
        kind: body.kind,
        layout: body.layout,
        count: lines.length,
        scope: body.containerIds ? 'selection' : rack ? 'rack' : 'location',
        ...(rack ? { rackName: rack.name } : {}),
      }),
    );
    const filename = labelFilename(location.code, body);
    return fileResponse({ filename, contentType: 'application/pdf', content: textPdf(filename, lines) });
  }),
];
