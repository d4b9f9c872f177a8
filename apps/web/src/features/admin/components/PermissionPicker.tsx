import { FIELD_GROUPS, type FieldGroup } from '@falcon/api-client';
import { Button, Card, Skeleton } from '@falcon/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { api } from '../../../lib/api';

/** One entry of the permission catalogue the server sends. */
type Permission = Awaited<ReturnType<typeof api.users.permissions>>[number];
type Category = Permission['category'];

const CATEGORIES: readonly Category[] = ['route', 'action', 'filter', 'field'];
const GROUPS = Object.keys(FIELD_GROUPS) as FieldGroup[];

const Codes = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.space[1]};
  legend {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
  label {
    display: inline-flex;
    gap: ${({ theme }) => theme.space[2]};
    align-items: center;
    font-family: ${({ theme }) => theme.typography.mono};
    font-size: ${({ theme }) => theme.typography.size.sm};
    word-break: break-all;
  }
`;
const Bundles = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

export interface PermissionPickerProps {
  /** What the signed-in user may grant (the server sends only that). */
  catalogue: readonly Permission[] | undefined;
  value: readonly string[];
  onChange: (codes: string[]) => void;
  idPrefix: string;
  /** Shown, not changeable (a role the caller may not change). */
  disabled?: boolean;
}

/**
 * Permission codes grouped by kind; the five visibility groups of spec section 6 are one-click bundles
 * over the field codes (pressed when every code of the group is granted; a click adds or removes them all).
 */
export function PermissionPicker({
  catalogue,
  value,
  onChange,
  idPrefix,
  disabled = false,
}: PermissionPickerProps) {
  const { t } = useTranslation('admin');
  if (!catalogue) return <Skeleton lines={6} />;
  const granted = new Set(value);
  const grantable = new Set(catalogue.map((p) => p.code));
  const toggle = (codes: readonly string[], on: boolean) => {
    const next = new Set(value);
    for (const code of codes) {
      if (on) next.add(code);
      else next.delete(code);
    }
    onChange([...next]);
  };
  const categoryLabel = (category: Category) => {
    switch (category) {
      case 'route':
        return t('permissions.category.route');
      case 'action':
        return t('permissions.category.action');
      case 'filter':
        return t('permissions.category.filter');
      case 'field':
        return t('permissions.category.field');
    }
  };
  const groupLabel = (group: FieldGroup) => {
    switch (group) {
      case 'MASTERDATA':
        return t('permissions.group.MASTERDATA');
      case 'ARTICLESTATISTICS':
        return t('permissions.group.ARTICLESTATISTICS');
      case 'CONTAINERSTATISTICS':
        return t('permissions.group.CONTAINERSTATISTICS');
      case 'DELIVERYDETAILS':
        return t('permissions.group.DELIVERYDETAILS');
      case 'CONTAINERDATA':
        return t('permissions.group.CONTAINERDATA');
    }
  };
  return (
    <>
      {CATEGORIES.map((category) => {
        const codes = catalogue.filter((p) => p.category === category);
        if (!codes.length) return null;
        return (
          <Card key={category} title={categoryLabel(category)} headingLevel={3}>
            {category === 'field' ? (
              <Bundles role="group" aria-label={t('permissions.bundles')}>
                {GROUPS.map((group) => {
                  const members = FIELD_GROUPS[group].filter((code) => grantable.has(code));
                  if (!members.length) return null;
                  const all = members.every((code) => granted.has(code));
                  return (
                    <Button
                      key={group}
                      type="button"
                      size="sm"
                      variant={all ? 'primary' : 'secondary'}
                      aria-pressed={all}
                      disabled={disabled}
                      title={members.join(', ')}
                      onClick={() => toggle(members, !all)}
                    >
                      {groupLabel(group)}
                    </Button>
                  );
                })}
              </Bundles>
            ) : null}
            <Codes disabled={disabled}>
              <legend>{categoryLabel(category)}</legend>
              {codes.map((p) => (
                <label key={p.code} htmlFor={`${idPrefix}-${p.code}`}>
                  <input
                    id={`${idPrefix}-${p.code}`}
                    type="checkbox"
                    checked={granted.has(p.code)}
                    onChange={(e) => toggle([p.code], e.target.checked)}
                  />
                  {p.code}
                </label>
              ))}
            </Codes>
          </Card>
        );
      })}
    </>
  );
}
