import type { ProtocolParams, ProtocolType } from '@falcon/api-client';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newId } from '../ids';

export interface ProtocolInput {
  username: string | null;
  type: ProtocolType;
  objectType: string | null;
  objectId: string | null;
  locationCode: string | null;
  /**
   * The summary's template: `{name}` is filled from `params` when read, for the reader. A container
   * goes in `params.container` (a ContainerRef), never into the text: the reader may not see its code.
   */
  summary: string;
  params?: ProtocolParams | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Appends one protocol entry (the table is append-only: nothing updates or deletes it). */
export const writeProtocol = async (db: Db, entry: ProtocolInput, at = new Date()): Promise<string> => {
  let concernCode: string | null = null;
  let branchCode: string | null = null;
  if (entry.locationCode) {
    const [loc] = await db
      .select({ concernCode: t.locations.concernCode, branchCode: t.locations.branchCode })
      .from(t.locations)
      .where(eq(t.locations.code, entry.locationCode));
    concernCode = loc?.concernCode ?? null;
    branchCode = loc?.branchCode ?? null;
  }
  const id = newId('P');
  await db.insert(t.protocol).values({
    id,
    at,
    username: entry.username,
    type: entry.type,
    objectType: entry.objectType,
    objectId: entry.objectId,
    locationCode: entry.locationCode,
    concernCode,
    branchCode,
    summary: entry.summary,
    params: entry.params ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
  return id;
};
