import type { ContainerSizing } from '@falcon/api-client';
import { Button, Select } from '@falcon/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

/** The windows the average may be taken over, in weeks (the contract allows 1 to 52). */
export const SIZING_WINDOWS = [4, 8, 12, 26, 52] as const;

interface SizingSuggestionProps {
  sizing: ContainerSizing;
  windowWeeks: number;
  onWindowChange: (weeks: number) => void;
  /** Requests the suggestion as the new filling quantity; absent without the permission. */
  onAccept?: (quantity: number) => void;
  accepting?: boolean;
  /** Why the request cannot be sent now (a change already waits for review, the container is inactive). */
  refusal?: 'pending' | 'inactive' | null;
}

/**
 * The suggested filling quantity beside the current one, its reason in words with the numbers it was
 * computed from (the server's `suggestFillingQuantity`: the explanation is the computation), the window
 * of weeks, and one click that asks for it through the normal review request.
 */
export function SizingSuggestion({
  sizing,
  windowWeeks,
  onWindowChange,
  onAccept,
  accepting = false,
  refusal = null,
}: SizingSuggestionProps) {
  const { t } = useTranslation('replenishment');
  const format = useFormat();
  const id = useId();
  const { suggested, fillingQuantity } = sizing;
  const n = format.number;
  const values = {
    suggested: n(suggested),
    current: n(fillingQuantity),
    average: n(sizing.averageWeekly),
    needed: n(sizing.needed),
    days: format.integer(sizing.coverDays),
    lead: format.integer(sizing.leadTimeDays),
    safety: format.integer(sizing.safetyTimeDays),
    unit: sizing.packagingUnit !== undefined ? n(sizing.packagingUnit) : '–',
  };
  const changes = suggested !== undefined && fillingQuantity !== undefined && suggested !== fillingQuantity;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'auto auto',
          gap: '4px 16px',
          margin: 0,
          width: 'max-content',
        }}
      >
        <dt>{t('sizing.current')}</dt>
        <dd style={{ margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>{values.current}</dd>
        <dt>{t('sizing.suggested')}</dt>
        <dd style={{ margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
          {values.suggested}
        </dd>
      </dl>
      <div style={{ maxWidth: 200 }}>
        <Select
          id={`${id}-window`}
          label={t('sizing.window')}
          value={String(windowWeeks)}
          onChange={(value) => onWindowChange(Number(value))}
          options={SIZING_WINDOWS.map((weeks) => ({ value: String(weeks), label: format.integer(weeks) }))}
        />
      </div>
      {suggested !== undefined && fillingQuantity !== undefined ? (
        <p style={{ margin: 0 }}>{t(`sizing.verdict.${sizing.reason}`, values)}</p>
      ) : null}
      {sizing.reason !== 'no_consumption' ? (
        <p style={{ margin: 0 }}>
          {sizing.averageWeekly !== undefined && sizing.needed !== undefined
            ? t('sizing.why', values)
            : t('sizing.whyHidden', values)}
        </p>
      ) : null}
      {sizing.outliersIgnored > 0 ? (
        <p style={{ margin: 0 }}>{t('sizing.outliers', { count: format.integer(sizing.outliersIgnored) })}</p>
      ) : null}
      {onAccept && changes && suggested !== undefined ? (
        <div>
          <Button
            size="sm"
            loading={accepting}
            disabled={refusal !== null}
            aria-describedby={refusal ? `${id}-refusal` : undefined}
            onClick={() => onAccept(suggested)}
          >
            {t('sizing.accept', { quantity: values.suggested })}
          </Button>
          {refusal ? (
            <p id={`${id}-refusal`} style={{ margin: '4px 0 0' }}>
              {t(`sizing.${refusal}`)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
