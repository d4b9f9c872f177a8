import { labelsFor } from '@falcon/api-client/labels';
import type { ProtocolEntry } from '@falcon/api-client/lite';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format';

/** Labels of the values protocol entries keep besides container fields, spelled out so keys are static. */
const valueLabel = (t: TFunction<'common'>, key: string): string | null => {
  switch (key) {
    case 'permissions':
      return t('protocol.fields.permissions');
    case 'roles':
      return t('protocol.fields.roles');
    case 'rolename':
      return t('protocol.fields.rolename');
    case 'username':
      return t('protocol.fields.username');
    case 'scope':
      return t('protocol.fields.scope');
    case 'x':
      return t('protocol.fields.x');
    case 'y':
      return t('protocol.fields.y');
    case 'rackCodes':
      return t('protocol.fields.rackCodes');
    case 'lastHandledAt':
      return t('protocol.fields.lastHandledAt');
    case 'state':
      return t('protocol.fields.state');
    case 'missing':
      return t('protocol.fields.missing');
    case 'concernCode':
      return t('protocol.fields.concernCode');
    case 'requestId':
      return t('protocol.fields.requestId');
    case 'type':
      return t('protocol.fields.type');
    case 'filename':
      return t('protocol.fields.filename');
    default:
      return null;
  }
};

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Before and after of a protocol entry as a readable diff: one row per value that changed, named in the
 * reader's language (`K0000001.fillingQuantity` → "K0000001: Filling quantity"); lists show what was
 * added and removed, times are formatted, unchanged values are left out.
 */
export function ProtocolChanges({ entry }: { entry: ProtocolEntry }) {
  const { t, i18n } = useTranslation('common');
  const format = useFormat();
  const fields = labelsFor(i18n.language).fields as Record<string, string>;
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !(key in before && key in after && same(before[key], after[key])),
  );
  const label = (key: string) => {
    const dot = key.indexOf('.');
    const [prefix, field] = dot > 0 ? [key.slice(0, dot), key.slice(dot + 1)] : [null, key];
    const name = valueLabel(t, field) ?? fields[field] ?? field;
    return prefix ? `${prefix}: ${name}` : name;
  };
  const show = (value: unknown): ReactNode => {
    if (value === undefined || value === null || value === '') return <i>{t('protocol.empty')}</i>;
    if (typeof value === 'string') return ISO.test(value) ? format.dateTime(value) : value;
    if (typeof value === 'number')
      return format.integer(value) === String(value) ? value : format.number(value);
    if (typeof value === 'boolean') return value ? t('yes') : t('no');
    if (Array.isArray(value)) return value.map(String).join(', ') || <i>{t('protocol.empty')}</i>;
    return JSON.stringify(value);
  };
  const listChange = (was: unknown, now: unknown): ReactNode | null => {
    if (!Array.isArray(was) || !Array.isArray(now)) return null;
    const added = now.filter((v) => !was.some((w) => same(v, w)));
    const removed = was.filter((w) => !now.some((v) => same(v, w)));
    if (!added.length && !removed.length) return null;
    return (
      <>
        {added.length ? (
          <div>
            <ins style={{ textDecoration: 'none' }}>
              + {t('protocol.added')}: {added.map(String).join(', ')}
            </ins>
          </div>
        ) : null}
        {removed.length ? (
          <div>
            <del>
              − {t('protocol.removed')}: {removed.map(String).join(', ')}
            </del>
          </div>
        ) : null}
      </>
    );
  };
  return (
    <table style={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'start' }}>
            {t('protocol.fields.field')}
          </th>
          <th scope="col" style={{ textAlign: 'start' }}>
            {t('protocol.fields.before')}
          </th>
          <th scope="col" style={{ textAlign: 'start' }}>
            {t('protocol.fields.after')}
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => {
          const diff = listChange(before[key], after[key]);
          return (
            <tr key={key} style={{ verticalAlign: 'top' }}>
              <th scope="row" style={{ textAlign: 'start', fontWeight: 500 }}>
                {label(key)}
              </th>
              {diff ? (
                <td colSpan={2} style={{ overflowWrap: 'break-word', hyphens: 'auto' }}>
                  {diff}
                </td>
              ) : (
                <>
                  <td style={{ overflowWrap: 'break-word', hyphens: 'auto' }}>
                    {key in before ? show(before[key]) : '–'}
                  </td>
                  <td style={{ overflowWrap: 'break-word', hyphens: 'auto' }}>
                    {key in after ? show(after[key]) : '–'}
                  </td>
                </>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
