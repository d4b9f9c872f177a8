import { type Container, FIELD_PERMISSIONS, hasAll, type ReviewRequest } from '@falcon/api-client/lite';
import {
  ARTICLE_DETAIL_GROUPS,
  Badge,
  Button,
  CONTAINER_DETAIL_GROUPS,
  ConfirmDialog,
  type DetailGroupSpec,
  DetailPanel,
  Dialog,
  ErrorState,
  Skeleton,
  useToast,
} from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ContainerActions } from '../../../components/ContainerActions';
import { api } from '../../../lib/api';
import { refusalOf } from '../../../lib/container-actions';
import { useFormat } from '../../../lib/format';
import { reviewStateTone, useLabels } from '../../../lib/labels';
import { errorKey } from '../../../lib/messages';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import {
  articleQuery,
  containerDocumentsQuery,
  containerQuery,
  containerRequestsQuery,
} from '../api/queries';
import { DocumentList } from './DocumentList';
import { LabelDialogOnDemand } from './LabelDialogOnDemand';
import { useFieldLabels } from './useFieldLabels';

/** The number a pending request names: the quantity asked for, or an additional order's factor. */
const amountOf = (request: ReviewRequest) => request.payload.fillingQuantity ?? request.payload.factor;

/** The library's sections plus the labelled fields it has no section for (spec section 3). */
const CONTAINER_GROUPS: readonly DetailGroupSpec[] = [
  ...CONTAINER_DETAIL_GROUPS,
  { id: 'attachments', fields: [{ key: 'sticker' }, { key: 'document' }] },
];

export interface ContainerDetailSlots {
  /**
   * The signed-in user's own requests for this container (the route places the reviews feature's
   * MyRequests here); shown again fresh after each request the panel sends.
   */
  ownRequests?: (containerId: string) => ReactNode;
  /**
   * The container's history and sizing (the route places the replenishment feature's section here, loaded
   * with the panel); rendered below its fields and actions.
   */
  history?: (container: Container) => ReactNode;
}

/** The chosen container: its permitted fields, open requests, documents, article and the four actions. */
export function ContainerDetail({
  containerId,
  ownRequests,
  history,
}: { containerId: string } & ContainerDetailSlots) {
  const { t } = useTranslation(['location', 'messages']);
  const labels = useFieldLabels();
  const enums = useLabels();
  const format = useFormat();
  const { session } = useSnapshot(state);
  const granted = session?.permissions ?? [];
  const [articleOpen, setArticleOpen] = useState(false);
  const [labelsOpen, setLabelsOpen] = useState(false);

  const container = useQuery(containerQuery(containerId));
  const requests = useQuery(containerRequestsQuery(containerId));
  const mayDocuments = hasAll(granted, [FIELD_PERMISSIONS.document]);
  const documents = useQuery(containerDocumentsQuery(containerId, mayDocuments));

  if (container.error) {
    return (
      <ErrorState
        message={t(errorKey(container.error), { ns: 'messages' })}
        onRetry={() => void container.refetch()}
      />
    );
  }
  const data = container.data;
  if (!data) return <Skeleton lines={8} />;

  const shown: Record<string, unknown> = {
    ...data,
    deliveryStatus: data.deliveryStatus ? enums.deliveryState(data.deliveryStatus) : undefined,
  };
  const pending = (requests.data ?? []).filter((r) => r.state === 'pending');
  const own = (request: ReviewRequest) => request.requestedBy === session?.username;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <DetailPanel
        title={<CodeTitle text={t('panel.title', { code: '\u0000' })} code={data.code ?? data.id} />}
        data={shown}
        groups={CONTAINER_GROUPS}
        labels={labels}
        headingLevel={2}
        // The panel is a narrow column: the actions on their own line under the title.
        actionsPlacement="body"
        actions={
          // A sent request refreshes the container, its open requests and the own-requests slot (by key).
          <ContainerActions container={data as Container} />
        }
      />
      {data.picture ? (
        <img
          src={data.picture}
          alt={t('panel.pictureAlt', { code: data.code ?? data.id })}
          width={64}
          height={64}
          style={{ objectFit: 'contain' }}
        />
      ) : null}
      {!data.active || data.alarming ? (
        <div style={{ display: 'flex', gap: 8 }}>
          {!data.active ? <Badge tone="inactive">{t('panel.inactive')}</Badge> : null}
          {data.alarming ? <Badge tone="alarming">{t('panel.alarming')}</Badge> : null}
        </div>
      ) : null}
      {pending.length > 0 ? (
        <section aria-labelledby="pending-requests">
          <h3 id="pending-requests" style={{ margin: '0 0 8px' }}>
            {t('panel.pending')}
          </h3>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {pending.map((request) => (
              <li key={request.id}>
                {enums.reviewType(request.type)}
                {amountOf(request) !== undefined ? ` (${format.number(amountOf(request))})` : ''} ·{' '}
                {format.dateTime(request.requestedAt)} ·{' '}
                <Badge tone={reviewStateTone(request.state)}>{enums.reviewState(request.state)}</Badge>
                {own(request) ? (
                  <>
                    {' '}
                    <WithdrawButton request={request} />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {ownRequests ? ownRequests(containerId) : null}
      {history ? history(data as Container) : null}
      {documents.data && documents.data.length > 0 ? (
        <section aria-labelledby="container-documents">
          <h3 id="container-documents" style={{ margin: '0 0 8px' }}>
            {t('panel.documents')}
          </h3>
          <DocumentList documents={documents.data} />
        </section>
      ) : null}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {data.articleCode ? (
          <>
            <Button variant="secondary" size="sm" onClick={() => setArticleOpen(true)}>
              {t('panel.article')}
            </Button>
            <ArticleDialog code={data.articleCode} open={articleOpen} onClose={() => setArticleOpen(false)} />
          </>
        ) : null}
        <Button variant="secondary" size="sm" onClick={() => setLabelsOpen(true)}>
          {t('labels.print')}
        </Button>
        <LabelDialogOnDemand
          code={data.locationCode}
          target={{ kind: 'containers', ids: [data.id] }}
          open={labelsOpen}
          onClose={() => setLabelsOpen(false)}
        />
      </div>
    </div>
  );
}

/** "Container KB-0000024" with the code kept on one line: a title never breaks inside a code. */
function CodeTitle({ text, code }: { text: string; code: string }) {
  const [before = '', after = ''] = text.split('\u0000');
  return (
    <>
      {before}
      <span style={{ whiteSpace: 'nowrap' }}>{code}</span>
      {after}
    </>
  );
}

/**
 * The requester withdraws their own pending request, after confirming: the clerk no longer sees it. A 409
 * (decided meanwhile, or not theirs) says why in words.
 */
function WithdrawButton({ request }: { request: ReviewRequest }) {
  const { t } = useTranslation(['common', 'messages']);
  const enums = useLabels();
  const format = useFormat();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const values = { type: enums.reviewType(request.type), date: format.dateTime(request.requestedAt) };
  const refresh = () =>
    Promise.all([
      request.containerId
        ? queryClient.invalidateQueries({ queryKey: queryKeys.container.all(request.containerId) })
        : undefined,
      queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
    ]);
  const withdraw = useMutation({
    mutationFn: () => api.reviews.withdraw({ params: { id: request.id } }),
    onSuccess: () => {
      toast.show({ type: 'info', title: t('containerActions.withdrawn') });
      setConfirming(false);
      return refresh();
    },
    onError: (error) => {
      const reason = refusalOf(error, null, null);
      toast.show({
        type: 'error',
        title: t('containerActions.withdrawFailed'),
        text: reason ? t(`containerActions.refused.${reason}`) : t(errorKey(error), { ns: 'messages' }),
      });
      setConfirming(false);
      return refresh();
    },
  });
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={t('containerActions.withdrawLabel', values)}
        onClick={() => setConfirming(true)}
      >
        {t('containerActions.withdraw')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('containerActions.withdrawTitle')}
        message={t('containerActions.withdrawConfirm', values)}
        confirmLabel={t('containerActions.withdraw')}
        danger
        loading={withdraw.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => withdraw.mutate()}
      />
    </>
  );
}

/** Article detail (spec: data, code, name, image, certificate, documents, drawing, statistics). */
function ArticleDialog({ code, open, onClose }: { code: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['location', 'messages']);
  const labels = useFieldLabels();
  const article = useQuery(articleQuery(code, open));
  const data = article.data;
  return (
    <Dialog open={open} onClose={onClose} title={t('article.title', { code })} size="lg">
      {article.error ? (
        <ErrorState
          message={t(errorKey(article.error), { ns: 'messages' })}
          onRetry={() => void article.refetch()}
        />
      ) : !data ? (
        <Skeleton lines={6} />
      ) : (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          {data.image ? (
            <img
              src={data.image}
              alt={t('article.imageAlt', { name: data.name ?? code })}
              style={{ maxWidth: 240 }}
            />
          ) : null}
          <DetailPanel
            title={data.name ?? code}
            data={data}
            groups={ARTICLE_DETAIL_GROUPS}
            // An article's code is the article code ("Artikelcode"), not the container's ("Behältercode").
            labels={{ ...labels, code: labels.articleCode ?? labels.code ?? 'code' }}
            headingLevel={3}
          />
          {data.documents && data.documents.length > 0 ? (
            <section aria-label={t('panel.documents')}>
              <DocumentList documents={data.documents} />
            </section>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
