import type { ProtocolEntryInput } from '@falcon/api-client';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newId } from '../ids';

/** Appends one protocol entry, as `protocolEntry` (api-client's domain) builds it (the table is append-only: nothing updates or deletes it). */
export const writeProtocol = async (db: Db, entry: ProtocolEntryInput, at = new Date()): Promise<string> => {
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
