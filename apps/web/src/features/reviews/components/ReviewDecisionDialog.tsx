import type { ReviewRequest } from '@falcon/api-client';
import { Button, Dialog } from '@falcon/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useLabels } from '../../../lib/labels';
import { reviewPhotoQuery } from '../api/queries';
import { proposedChange, requestSubject } from './proposedChange';

/** What the clerk does with a request: an action is approved or rejected, a message answered or closed. */
export type DecisionAction = 'approve' | 'reject' | 'answer' | 'close';

export interface Decision {
  request: ReviewRequest;
  action: DecisionAction;
}

const TITLE = {
  approve: 'approveTitle',
  reject: 'rejectTitle',
  answer: 'answerTitle',
  close: 'closeTitle',
} as const;

const COMMENT_LABEL = {
  approve: 'commentOptional',
  reject: 'commentReject',
  answer: 'answerLabel',
  close: 'commentOptional',
} as const;

/** Confirms a decision, with a comment for the requester (an answer to a message needs one). */
export function ReviewDecisionDialog({
  decision,
  busy,
  onCancel,
  onConfirm,
}: {
  decision: Decision | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (comment: string) => void;
}) {
  const { t } = useTranslation(['reviews', 'common']);
  const format = useFormat();
  const labels = useLabels();
  const [comment, setComment] = useState('');
  const action = decision?.action ?? 'approve';
  const close = () => {
    setComment('');
    onCancel();
  };
  const needsComment = action === 'answer';
  return (
    <Dialog
      open={decision !== null}
      onClose={close}
      alert
      initialFocus="#review-comment"
      title={t(TITLE[action])}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button
            variant={action === 'reject' ? 'danger' : 'primary'}
            loading={busy}
            disabled={needsComment && comment.trim() === ''}
            onClick={() => {
              onConfirm(comment.trim());
              setComment('');
            }}
          >
            {t(action)}
          </Button>
        </>
      }
    >
      {decision ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <p style={{ margin: 0 }}>
            {labels.reviewType(decision.request.type)}
            {requestSubject(t, decision.request) ? ` · ${requestSubject(t, decision.request)}` : ''} ·{' '}
            {decision.request.locationName}
          </p>
          <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{proposedChange(t, format, decision.request)}</p>
          {decision.request.payload.photo ? <MessagePhoto id={decision.request.id} /> : null}
          <label htmlFor="review-comment" style={{ fontWeight: 500 }}>
            {t(COMMENT_LABEL[action])}
          </label>
          <textarea
            id="review-comment"
            rows={3}
            maxLength={1000}
            required={needsComment}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            style={{ font: 'inherit', padding: 8 }}
          />
        </div>
      ) : null}
    </Dialog>
  );
}

/** The photo a message was sent with, for the clerk who answers it. */
function MessagePhoto({ id }: { id: string }) {
  const { t } = useTranslation('reviews');
  const photo = useQuery(reviewPhotoQuery(id));
  const url = useMemo(() => (photo.data ? URL.createObjectURL(photo.data) : null), [photo.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url ? (
    <img src={url} alt={t('photoAlt')} style={{ maxWidth: '100%', maxHeight: 320, objectFit: 'contain' }} />
  ) : null;
}
