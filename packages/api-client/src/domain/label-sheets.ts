import type { LabelLayout, LabelRequest } from '../contract/label-sheets';
import { invalid } from '../http-error';

/**
 * A label stock in millimetres: page size, label size, the first label's corner and the pitch
 * (label plus gap) across and down. A4 sheets from Avery's templates (L7163: 2 x 7 of 99.1 x 38.1;
 * L7160: 3 x 7 of 63.5 x 38.1; both 15.15 mm from the top), thermal: one 100 x 50 label a page.
 */
export interface LabelSheet {
  page: { width: number; height: number };
  label: { width: number; height: number };
  columns: number;
  rows: number;
  left: number;
  top: number;
  pitchX: number;
  pitchY: number;
}

export const LABEL_SHEETS: Record<LabelLayout, LabelSheet> = {
  'a4-l7163': {
    page: { width: 210, height: 297 },
    label: { width: 99.1, height: 38.1 },
    columns: 2,
    rows: 7,
    left: 4.65,
    top: 15.15,
    pitchX: 101.6,
    pitchY: 38.1,
  },
  'a4-l7160': {
    page: { width: 210, height: 297 },
    label: { width: 63.5, height: 38.1 },
    columns: 3,
    rows: 7,
    left: 7.21,
    top: 15.15,
    pitchX: 66.04,
    pitchY: 38.1,
  },
  'thermal-100x50': {
    page: { width: 100, height: 50 },
    label: { width: 100, height: 50 },
    columns: 1,
    rows: 1,
    left: 0,
    top: 0,
    pitchX: 100,
    pitchY: 50,
  },
};

export const labelsPerSheet = (layout: LabelLayout): number =>
  LABEL_SHEETS[layout].columns * LABEL_SHEETS[layout].rows;

/**
 * The checks of a label request beyond its schema: the start position lies on the sheet (400 naming
 * `start`), a rack is named for what only a rack or the location can print, not with a selection.
 */
export const checkLabelRequest = (request: LabelRequest): void => {
  if (request.start > labelsPerSheet(request.layout))
    invalid('start', `a label of the sheet: 1 to ${labelsPerSheet(request.layout)}`);
  if (request.containerIds && request.kind !== 'container')
    invalid('containerIds', 'containers are chosen for container labels only');
  if (request.containerIds && request.rack !== undefined)
    invalid('rack', 'either chosen containers or a rack');
};

/** The downloaded file's name: `Labels_<location>[_R<rack>]_<kind>.pdf`. */
export const labelFilename = (locationCode: string, request: LabelRequest): string =>
  `Labels_${locationCode}${request.rack !== undefined ? `_R${request.rack}` : ''}_${request.kind}.pdf`;
