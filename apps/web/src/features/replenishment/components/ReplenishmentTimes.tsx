import type { ReplenishmentSettings } from '@falcon/api-client';
import { isApiError } from '@falcon/api-client/lite';
import { Button, Card, ErrorState, Skeleton, useToast } from '@falcon/ui';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormRow } from '../../../components/Field';
import { useFormat } from '../../../lib/format';
import { errorKey, useNotify } from '../../../lib/messages';
import { queryKeys } from '../../../lib/query-keys';
import {
  type ReplenishmentLevel,
  replenishmentSettingsQuery,
  saveReplenishmentSettings,
} from '../api/queries';

/** The contract's bounds (REPLENISHMENT_DAYS), kept here so the form does not load the contract's zod. */
const MIN_DAYS = 0;
const MAX_DAYS = 365;
const FIELDS = ['leadTimeDays', 'safetyTimeDays'] as const;
type TimeField = (typeof FIELDS)[number];
type FieldError = 'required' | 'range';

interface Draft {
  /** What is typed (a number input's text); ignored while the inherited value is used. */
  text: Record<TimeField, string>;
  inherit: Record<TimeField, boolean>;
}

const draftOf = (s: ReplenishmentSettings): Draft => ({
  text: {
    leadTimeDays: String(s.leadTimeDays ?? s.inherited.leadTimeDays),
    safetyTimeDays: String(s.safetyTimeDays ?? s.inherited.safetyTimeDays),
  },
  inherit: { leadTimeDays: s.leadTimeDays === null, safetyTimeDays: s.safetyTimeDays === null },
});

/** A whole number of days within the contract's bounds, else why not. */
const daysOf = (text: string): number | FieldError => {
  if (text.trim() === '') return 'required';
  const n = Number(text);
  return Number.isInteger(n) && n >= MIN_DAYS && n <= MAX_DAYS ? n : 'range';
};

/**
 * After a save, everything computed from the times is read again: the sizing of containers and locations
 * (lead + safety time), containers' histories and the worklist (the lead time moves the forecast), and, for
 * a branch, what its locations inherit.
 */
const refreshAfterSave = (client: QueryClient, level: ReplenishmentLevel, code: string) =>
  Promise.all([
    client.invalidateQueries({
      predicate: ({ queryKey: [kind, owner, part] }) =>
        (kind === 'container' && (part === 'sizing' || part === 'history')) ||
        (kind === 'location' &&
          (level === 'branch' || owner === code) &&
          (part === 'sizing' || part === 'replenishment')),
    }),
    client.invalidateQueries({ queryKey: queryKeys.worklist.all }),
  ]);

/**
 * A location's or branch's lead and safety time: the values in effect and where each comes from (set here,
 * the branch's default, Falcon's default), changeable by whoever may edit the rack layout; "use the
 * branch's" (a location) or "use the default" (a branch) sets a value back to inherited (null).
 */
export function ReplenishmentTimes({ level, code }: { level: ReplenishmentLevel; code: string }) {
  const { t } = useTranslation(['replenishment', 'messages']);
  const format = useFormat();
  const toast = useToast();
  const notify = useNotify();
  const client = useQueryClient();
  const id = useId();
  const settings = useQuery(replenishmentSettingsQuery(level, code));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<TimeField, FieldError>>>({});
  const changeRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const save = useMutation({
    mutationFn: (body: Record<TimeField, number | null>) => saveReplenishmentSettings(level, code, body),
    onSuccess: async (answer) => {
      client.setQueryData(replenishmentSettingsQuery(level, code).queryKey, answer);
      setDraft(null);
      setErrors({});
      toast.show({ type: 'info', title: t('times.saved') });
      // Back to the button that opened the form (it is rendered again once the form is gone).
      requestAnimationFrame(() => changeRef.current?.focus());
      await refreshAfterSave(client, level, code);
    },
    onError: (failure) => {
      const field = isApiError(failure) ? failure.details?.field : undefined;
      if (field === 'leadTimeDays' || field === 'safetyTimeDays') setErrors({ [field]: 'range' });
      else notify.error(failure);
    },
  });

  if (settings.error)
    return (
      <Card title={t('times.title')} headingLevel={2}>
        <ErrorState
          message={t(errorKey(settings.error), { ns: 'messages' })}
          onRetry={() => void settings.refetch()}
        />
      </Card>
    );
  if (!settings.data)
    return (
      <Card title={t('times.title')} headingLevel={2}>
        <Skeleton lines={3} />
      </Card>
    );
  const data = settings.data;
  const days = (n: number) => format.integer(n);
  // A branch's own value is "set for this branch"; a location's inherited branch value "the branch's default".
  const sourceText = (field: TimeField) =>
    level === 'branch' && data.source[field] === 'branch'
      ? t('times.source.branchOwn')
      : t(`times.source.${data.source[field]}`);
  const nothingOwn = data.leadTimeDays === null && data.safetyTimeDays === null;

  const open = () => {
    setDraft(draftOf(data));
    setErrors({});
    // The first control that takes input: a value's field, or its "use the branch's" box while it inherits.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus(),
    );
  };
  const cancel = () => {
    setDraft(null);
    setErrors({});
    requestAnimationFrame(() => changeRef.current?.focus());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const next: Partial<Record<TimeField, FieldError>> = {};
    const body = {} as Record<TimeField, number | null>;
    for (const field of FIELDS) {
      if (draft.inherit[field]) {
        body[field] = null;
        continue;
      }
      const value = daysOf(draft.text[field]);
      if (typeof value === 'number') body[field] = value;
      else next[field] = value;
    }
    setErrors(next);
    const [firstInvalid] = FIELDS.filter((f) => next[f]);
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    save.mutate(body);
  };

  const inheritLabel = (field: TimeField) =>
    t(level === 'location' ? 'times.useBranch' : 'times.useDefault', {
      days: days(data.inherited[field]),
    });

  return (
    <Card
      title={t('times.title')}
      headingLevel={2}
      actions={
        data.editable && !draft ? (
          <Button ref={changeRef} size="sm" variant="secondary" onClick={open}>
            {t('times.change')}
          </Button>
        ) : null
      }
    >
      <p style={{ margin: '0 0 12px' }}>
        {t(level === 'location' ? 'times.introLocation' : 'times.introBranch')}
      </p>
      {draft ? (
        <form
          ref={formRef}
          onSubmit={submit}
          noValidate
          aria-label={t('times.formLabel')}
          // Escape leaves the form unsaved, like Cancel.
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !save.isPending) cancel();
          }}
        >
          <FormRow>
            {FIELDS.map((field) => (
              <div key={field} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
                <Field
                  id={`${id}-${field}`}
                  type="number"
                  inputMode="numeric"
                  min={MIN_DAYS}
                  max={MAX_DAYS}
                  step={1}
                  label={t(`times.field.${field}`)}
                  value={draft.inherit[field] ? String(data.inherited[field]) : draft.text[field]}
                  disabled={draft.inherit[field] || save.isPending}
                  error={
                    errors[field] ? t(`times.error.${errors[field]}`, { min: MIN_DAYS, max: MAX_DAYS }) : null
                  }
                  onChange={(event) =>
                    setDraft({ ...draft, text: { ...draft.text, [field]: event.target.value } })
                  }
                />
                <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
                  <input
                    type="checkbox"
                    checked={draft.inherit[field]}
                    disabled={save.isPending}
                    onChange={(event) => {
                      setErrors({ ...errors, [field]: undefined });
                      setDraft({ ...draft, inherit: { ...draft.inherit, [field]: event.target.checked } });
                    }}
                  />
                  {inheritLabel(field)}
                </label>
              </div>
            ))}
          </FormRow>
          <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
            <Button type="submit" size="sm" loading={save.isPending}>
              {t('times.save')}
            </Button>
            <Button type="button" size="sm" variant="ghost" disabled={save.isPending} onClick={cancel}>
              {t('times.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px', margin: 0 }}>
            {FIELDS.map((field) => (
              <div key={field} style={{ display: 'contents' }}>
                <dt style={{ fontWeight: 600 }}>{t(`times.field.${field}`)}</dt>
                <dd style={{ margin: 0 }}>
                  {days(data.effective[field])} <span>({sourceText(field)})</span>
                </dd>
              </div>
            ))}
          </dl>
          {nothingOwn ? (
            <p style={{ margin: '12px 0 0' }}>
              {t(level === 'location' ? 'times.noneOwnLocation' : 'times.noneOwnBranch')}
            </p>
          ) : data.editable ? (
            <div style={{ marginTop: 12 }}>
              <Button
                size="sm"
                variant="ghost"
                loading={save.isPending}
                onClick={() => save.mutate({ leadTimeDays: null, safetyTimeDays: null })}
              >
                {t(level === 'location' ? 'times.resetLocation' : 'times.resetBranch')}
              </Button>
            </div>
          ) : null}
          {data.editable ? null : <p style={{ margin: '12px 0 0' }}>{t('times.readOnly')}</p>}
        </>
      )}
    </Card>
  );
}
