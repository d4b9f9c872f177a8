import { z } from 'zod';
import { LABEL_KINDS, LABEL_LAYOUTS, MAX_LABEL_SELECTION } from '../data-constants';
import { Id } from './common';

export { LABEL_KINDS, LABEL_LAYOUTS, MAX_LABEL_SELECTION };

/**
 * Printable Kanban labels (issue 17). A layout is a label stock: two common A4 sheets and a
 * 100 x 50 mm thermal roll (one label per page). Geometry in `domain/label-sheets.ts`.
 */
export const LabelLayout = z.enum(LABEL_LAYOUTS);
export type LabelLayout = z.infer<typeof LabelLayout>;

export const LabelKind = z.enum(LABEL_KINDS);
export type LabelKind = z.infer<typeof LabelKind>;

/**
 * What to print: container labels of the chosen containers (`containerIds`: one, or a selection of
 * search results), of a rack (`rack`, its position as the grid shows it) or of the whole location
 * (neither); shelf labels of a rack or the location; rack labels of one rack or the location.
 * `start` is the first free label on a partly used A4 sheet (1 = top left, row by row).
 */
export const LabelRequest = z.strictObject({
  kind: LabelKind.default('container'),
  layout: LabelLayout,
  start: z.number().int().min(1).max(99).default(1),
  containerIds: z.array(Id).min(1).max(MAX_LABEL_SELECTION).optional(),
  rack: z.number().int().min(1).max(9999).optional(),
});
export type LabelRequest = z.infer<typeof LabelRequest>;
