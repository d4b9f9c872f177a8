import type { ReviewRequest } from '@falcon/api-client';
import { Button, Dialog } from '@falcon/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useLabels } from '../../../lib/labels';
import { proposedChange } from './proposedChange';

export interface Decision {
  request: ReviewRequest;
  approve: boolean;
}

/** Confirms an approval or rejection, with an optional comment for the requester. */
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
  const approve = decision?.approve ?? true;
  const close = () => {
    setComment('');
    onCancel();
  };
  return (
    <Dialog
      open={decision !== null}
      onClose={close}
      alert
      initialFocus="#review-comment"
      title={approve ? t('approveTitle') : t('rejectTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button
            variant={approve ? 'primary' : 'danger'}
            loading={busy}
            onClick={() => {
              onConfirm(comment.trim());
              setComment('');
            }}
          >
            {approve ? t('approve') : t('reject')}
          </Button>
        </>
      }
    >
      {decision ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <p style={{ margin: 0 }}>
            {labels.reviewType(decision.request.type)}
            {(decision.request.containerCode ?? decision.request.articleName)
              ? ` · ${decision.request.containerCode ?? decision.request.articleName}`
              : ''}{' '}
            · {decision.request.locationName}
          </p>
          <p style={{ margin: 0 }}>{proposedChange(t, format, decision.request)}</p>
          <label htmlFor="review-comment" style={{ fontWeight: 500 }}>
            {approve ? t('commentOptional') : t('commentReject')}
          </label>
          <textarea
            id="review-comment"
            rows={3}
            maxLength={1000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            style={{ font: 'inherit', padding: 8 }}
          />
        </div>
      ) : null}
    </Dialog>
  );
}
