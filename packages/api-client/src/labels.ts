// Human labels of the container fields, yes/no and the delivery states in the six interface
// languages, for what renders containers outside the web app (the xlsx exports of the server and
// of the mock). Generated from the translations of @falcon/locales (src/labels.gen.ts); zod-free, so
// the web app may import `@falcon/api-client/labels` too.
import { languageOf } from '@falcon/locales';
import { DEFAULT_LANGUAGE } from './constants';
import type { DeliveryState } from './contract/container';
import { LABELS } from './labels.gen';
import type { FieldKey } from './permissions';

export interface LabelSet {
  fields: Record<FieldKey, string>;
  /** The location code column of an export. */
  locationCode: string;
  yes: string;
  no: string;
  delivery: Record<DeliveryState, string>;
  /** The reorder worklist's export (issue 16): its title and the columns that are no container field. */
  worklist: {
    title: string;
    stock: string;
    averageWeekly: string;
    stockOutDate: string;
    nextDeliveryDate: string;
    marginDays: string;
    why: string;
    reasons: { below_alarm: string; stock_out_before_delivery: string };
  };
}

/** The contract language of a `lang` value (`cz` or i18next's `cs`, any case, with a region or not). */
export { LABELS, languageOf };

/** The labels of a language (the default language, de, for an unknown one). */
export const labelsFor = (lang: unknown): LabelSet => LABELS[languageOf(lang) ?? DEFAULT_LANGUAGE];
