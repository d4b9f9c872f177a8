import type { ContainerRef, ProtocolEntry, ProtocolParams } from '../contract/protocol';

type ProtocolWords = NonNullable<ProtocolEntry['words']>;

import { ProtocolParams as ProtocolParamsSchema } from '../contract/protocol';
import type { Granted } from './permissions';
import { visibleFor } from './visibility';

/**
 * A container in a summary, as far as the reader may see it: its code; else the article it held
 * ("a container of Sechskantschraube M8"); else the article code; else "a container".
 */
export const describeContainer = (ref: Partial<ContainerRef>): string =>
  ref.code ??
  (ref.articleName
    ? `a container of ${ref.articleName}`
    : ref.articleCode
      ? `a container of article ${ref.articleCode}`
      : 'a container');

/**
 * A protocol summary for one reader. Entries are stored as a template (`{reviewType} requested for
 * {container}`) and its parameters, never as text with a field inside; the parameters pass through
 * the field filter first. A `{name}` without a parameter stays as written (entries written before
 * templates existed are plain text and read as they were).
 */
export const renderSummary = (template: string, params: ProtocolParams | null, granted: Granted): string => {
  if (!params) return template;
  const visible = visibleFor(ProtocolParamsSchema, granted)(params);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (name === 'container') return visible.container ? describeContainer(visible.container) : whole;
    const value = visible.values?.[name];
    return value === undefined ? whole : String(value);
  });
};

/**
 * The entry in words for one reader: its event and parameters, the container filtered to what the
 * reader may see. `null` for entries written before events existed (they show their summary).
 */
export const protocolWords = (params: ProtocolParams | null, granted: Granted): ProtocolWords | null => {
  if (!params?.event) return null;
  const visible = visibleFor(ProtocolParamsSchema, granted)(params);
  return {
    event: params.event,
    values: visible.values ?? {},
    ...(visible.container ? { container: visible.container } : {}),
  };
};

/** The parameter a summary names a container with (a snapshot of what it was when written). */
export const containerRef = (c: {
  id: string;
  code: string;
  articleName: string;
  articleCode: string;
}): ContainerRef => ({ id: c.id, code: c.code, articleName: c.articleName, articleCode: c.articleCode });
