import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '../Card/Card';
import { DateText } from '../DateText/DateText';
import { NumberText } from '../NumberText/NumberText';
import { useUiText } from '../UiText/UiTextProvider';

export type DetailKind = 'text' | 'number' | 'integer' | 'date' | 'datetime' | 'boolean';

export interface DetailFieldSpec {
  key: string;
  kind?: DetailKind;
}

export interface DetailGroupSpec {
  id: string;
  fields: readonly DetailFieldSpec[];
}

export interface DetailPanelProps {
  title: ReactNode;
  /** The record as the server sent it: fields the user may not see are simply absent. */
  data: Readonly<Record<string, unknown>>;
  /** Sections and field order. */
  groups: readonly DetailGroupSpec[];
  /** Translated labels of fields and group ids (the app's texts). */
  labels: Readonly<Record<string, string>>;
  actions?: ReactNode;
  /** `header`: beside the title (default); `body`: on their own line under it (a narrow panel). */
  actionsPlacement?: 'header' | 'body';
  headingLevel?: 2 | 3;
}

const Section = styled.section`
  & + & { margin-top: ${({ theme }) => theme.space[4]}; }
  & > h3, & > h4 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.typography.size.sm};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
    color: ${({ theme }) => theme.color.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
`;

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  margin: 0;
  & > dt { color: ${({ theme }) => theme.color.textMuted}; }
  & > dd { margin: 0; overflow-wrap: anywhere; }
`;

const BodyActions = styled.div`
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

function present(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

/** Label/value pairs in sections; a field the record lacks is not shown, nor is a section left empty. */
export function DetailPanel({
  title,
  data,
  groups,
  labels,
  actions,
  actionsPlacement = 'header',
  headingLevel = 2,
}: DetailPanelProps) {
  const { t } = useUiText();
  const GroupHeading = headingLevel === 2 ? 'h3' : 'h4';
  const render = (value: unknown, kind: DetailKind = 'text'): ReactNode => {
    switch (kind) {
      case 'number':
        return <NumberText value={Number(value)} />;
      case 'integer':
        return String(value);
      case 'date':
        return <DateText value={String(value)} />;
      case 'datetime':
        return <DateText value={String(value)} format="datetime" />;
      case 'boolean':
        return value ? t('common.yes') : t('common.no');
      default:
        return String(value);
    }
  };
  const visible = groups
    .map((group) => ({ ...group, fields: group.fields.filter((field) => present(data[field.key])) }))
    .filter((group) => group.fields.length > 0);

  return (
    <Card
      title={title}
      actions={actionsPlacement === 'header' ? actions : undefined}
      headingLevel={headingLevel}
    >
      {actions && actionsPlacement === 'body' ? <BodyActions>{actions}</BodyActions> : null}
      {visible.length === 0 ? <Empty>{t('detail.none')}</Empty> : null}
      {visible.map((group) => (
        <Section key={group.id} aria-label={labels[group.id] ?? group.id}>
          {labels[group.id] ? <GroupHeading>{labels[group.id]}</GroupHeading> : null}
          <List>
            {group.fields.map((field) => (
              <div key={field.key} style={{ display: 'contents' }}>
                <dt>{labels[field.key] ?? field.key}</dt>
                <dd>{render(data[field.key], field.kind)}</dd>
              </div>
            ))}
          </List>
        </Section>
      ))}
    </Card>
  );
}

/** Sections of the container panel, by the field names of the rest/v2 contract. */
export const CONTAINER_DETAIL_GROUPS: readonly DetailGroupSpec[] = [
  {
    id: 'masterdata',
    fields: [
      { key: 'articleCode' },
      { key: 'articleName' },
      { key: 'customerPartNumber' },
      { key: 'fillingQuantity', kind: 'number' },
      { key: 'packagingUnit' },
      { key: 'weight', kind: 'number' },
      { key: 'obligatory', kind: 'boolean' },
      { key: 'orderNumber' },
      { key: 'articleCertificate' },
      { key: 'price', kind: 'number' },
    ],
  },
  {
    id: 'containerdata',
    fields: [
      { key: 'code' },
      { key: 'rackCode' },
      { key: 'shelfCode' },
      { key: 'placeCode' },
      { key: 'position', kind: 'integer' },
      { key: 'containerType' },
      { key: 'width', kind: 'number' },
      { key: 'storageCoordinate' },
      { key: 'storageDescription' },
      { key: 'barcode' },
      { key: 'error' },
    ],
  },
  {
    id: 'statistics',
    fields: [
      { key: 'deliveryStatus' },
      { key: 'numberOfScans', kind: 'integer' },
      { key: 'consumption', kind: 'number' },
      { key: 'annualConsumption', kind: 'number' },
      { key: 'stockTurnRate', kind: 'number' },
      { key: 'reachInWeeks', kind: 'number' },
      { key: 'lastScannedDate', kind: 'datetime' },
    ],
  },
  {
    id: 'delivery',
    fields: [
      { key: 'deliveryNoteNumber' },
      { key: 'deliveryNoteDate', kind: 'date' },
      { key: 'expectedDeliveryDate', kind: 'date' },
      { key: 'charge' },
    ],
  },
];

export const ARTICLE_DETAIL_GROUPS: readonly DetailGroupSpec[] = [
  {
    id: 'masterdata',
    fields: [
      { key: 'code' },
      { key: 'name' },
      { key: 'customerPartNumber' },
      { key: 'certificate' },
      { key: 'drawing' },
    ],
  },
  {
    id: 'statistics',
    fields: [
      { key: 'numberOfScans', kind: 'integer' },
      { key: 'consumption', kind: 'number' },
      { key: 'annualConsumption', kind: 'number' },
      { key: 'stockTurnRate', kind: 'number' },
      { key: 'reachInWeeks', kind: 'number' },
      { key: 'lastScannedDate', kind: 'datetime' },
    ],
  },
];

export type EntityDetailPanelProps = Omit<DetailPanelProps, 'groups'>;

/** A container's data in sections; only the fields the server sent (the user's permissions) show. */
export function ContainerDetailPanel(props: EntityDetailPanelProps) {
  return <DetailPanel {...props} groups={CONTAINER_DETAIL_GROUPS} />;
}

/** An article's data in sections; only the fields the server sent show. */
export function ArticleDetailPanel(props: EntityDetailPanelProps) {
  return <DetailPanel {...props} groups={ARTICLE_DETAIL_GROUPS} />;
}
