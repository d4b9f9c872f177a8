import { type Container, hasAll } from '@falcon/api-client/lite';
import { Button, ConfirmDialog, Dialog } from '@falcon/ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  actionRefusal,
  type ContainerAction,
  defaultOrderDate,
  earliestOrderDay,
  MESSAGE_PERMISSIONS,
  parseAmount,
  permittedActions,
} from '../lib/container-actions';
import { state } from '../lib/store';
import { Field, FormRow } from './Field';
import { MessageDialog } from './MessageDialog';
import { useContainerRequest } from './useContainerRequest';

interface ContainerActionsProps {
  container: Container;
  /**
   * `row`: small buttons side by side (the location's container panel); `stack`: full-width buttons one
   * under the other, with a note when the user may send none (the phone scanner).
   */
  layout?: 'row' | 'stack';
  /** After a request was sent (its toast is shown here). */
  onRequested?: (action: ContainerAction) => void;
}

/**
 * The four container actions of spec section 4 (scan, change quantity, additional order, deactivate), the
 * same in the location's panel and in the scanner: each a request for review by the location's clerk,
 * nothing about the container changes until it is approved. Each button shows only with its permission.
 * A sent request refreshes what shows it: the container's requests and the user's and reviewer's lists.
 * An action that waits for review already (the container's `pendingRequests`) or that an inactive
 * container cannot take is disabled with the reason in words, so no second dialog opens; a 409 the server
 * answers anyway (someone else was quicker) says why, read from the container as it is now. Besides the
 * actions, "Send message" (PERM_SENDMESSAGE_CONTAINER) writes to the clerk.
 */
export function ContainerActions({ container, layout = 'row', onRequested }: ContainerActionsProps) {
  const { t } = useTranslation(['common', 'messages']);
  const { session } = useSnapshot(state);
  const may = permittedActions(container, session?.permissions ?? []);
  const [open, setOpen] = useState<ContainerAction | 'message' | null>(null);
  const mayMessage = hasAll(session?.permissions ?? [], [MESSAGE_PERMISSIONS.container]);
  const [quantity, setQuantity] = useState('');
  const [factor, setFactor] = useState('1');
  const [date, setDate] = useState(() => defaultOrderDate(new Date()));
  const quantityId = useId();
  const orderId = useId();

  const { send, sending } = useContainerRequest(container, {
    onSent: (action) => {
      setOpen(null);
      onRequested?.(action);
    },
    onRefused: () => setOpen(null),
  });

  const submitQuantity = (event: FormEvent) => {
    event.preventDefault();
    const value = parseAmount(quantity);
    if (value > 0) send.mutate({ action: 'changeQuantity', factor: value });
  };
  const submitOrder = (event: FormEvent) => {
    event.preventDefault();
    const value = parseAmount(factor);
    if (value > 0 && date) send.mutate({ action: 'additionalOrder', factor: value, date });
  };

  const stacked = layout === 'stack';
  const size = stacked ? 'md' : 'sm';
  const refused = (action: ContainerAction) => actionRefusal(action, container);
  const blockedId = `container-${container.id}-blocked`;
  const blockedProps = (action: ContainerAction) =>
    refused(action) ? { disabled: true, 'aria-describedby': `${blockedId}-${action}` } : {};
  const labelOf = (action: ContainerAction) =>
    ({
      scan: t('containerActions.scan'),
      changeQuantity: t('containerActions.changeQuantity'),
      additionalOrder: t('containerActions.additionalOrder'),
      deactivate: t('containerActions.deactivate'),
    })[action];
  const actions = [
    may.scan && (
      <Button
        key="scan"
        size={size}
        variant={stacked ? 'primary' : undefined}
        loading={sending('scan')}
        onClick={() => send.mutate({ action: 'scan' })}
        {...blockedProps('scan')}
      >
        {t('containerActions.scan')}
      </Button>
    ),
    may.changeQuantity && (
      <Button
        key="quantity"
        size={size}
        variant="secondary"
        onClick={() => {
          setQuantity(container.fillingQuantity !== undefined ? String(container.fillingQuantity) : '');
          setOpen('changeQuantity');
        }}
        {...blockedProps('changeQuantity')}
      >
        {t('containerActions.changeQuantity')}
      </Button>
    ),
    may.additionalOrder && (
      <Button
        key="order"
        size={size}
        variant="secondary"
        onClick={() => setOpen('additionalOrder')}
        {...blockedProps('additionalOrder')}
      >
        {t('containerActions.additionalOrder')}
      </Button>
    ),
    may.deactivate && (
      <Button
        key="deactivate"
        size={size}
        variant="danger"
        onClick={() => setOpen('deactivate')}
        {...blockedProps('deactivate')}
      >
        {t('containerActions.deactivate')}
      </Button>
    ),
    mayMessage && (
      <Button key="message" size={size} variant="secondary" onClick={() => setOpen('message')}>
        {t('containerActions.message')}
      </Button>
    ),
  ].filter(Boolean);
  const blocked = (Object.keys(may) as ContainerAction[]).flatMap((action) => {
    const reason = may[action] ? refused(action) : null;
    return reason ? [{ action, reason }] : [];
  });

  if (actions.length === 0) return stacked ? <p style={{ margin: 0 }}>{t('containerActions.none')}</p> : null;

  const dialogFooter = (form: string) => (
    <>
      <Button variant="secondary" onClick={() => setOpen(null)}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" form={form} loading={send.isPending}>
        {t('containerActions.request')}
      </Button>
    </>
  );

  return (
    <>
      <div style={stacked ? { display: 'grid', gap: 8 } : { display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {actions}
      </div>
      {blocked.length > 0 ? (
        <ul style={{ margin: '8px 0 0', paddingLeft: 18 }}>
          {blocked.map(({ action, reason }) => (
            <li key={action} id={`${blockedId}-${action}`}>
              {t('containerActions.blocked', {
                action: labelOf(action),
                reason: t(`containerActions.refused.${reason}`),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      <MessageDialog
        target={open === 'message' ? { kind: 'container', id: container.id } : null}
        about={t('containerActions.messageAbout.container', { code: container.code ?? container.id })}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        open={open === 'deactivate'}
        title={t('containerActions.deactivateTitle')}
        message={t('containerActions.deactivateConfirm', { code: container.code ?? container.id })}
        confirmLabel={t('containerActions.deactivate')}
        danger
        loading={send.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => send.mutate({ action: 'deactivate' })}
      />
      <Dialog
        open={open === 'changeQuantity'}
        onClose={() => setOpen(null)}
        title={t('containerActions.changeQuantity')}
        footer={dialogFooter(quantityId)}
      >
        <form id={quantityId} onSubmit={submitQuantity}>
          <p>{t('containerActions.reviewHint')}</p>
          <Field
            id={`${quantityId}-value`}
            label={t('containerActions.newQuantity')}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            required
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </form>
      </Dialog>
      <Dialog
        open={open === 'additionalOrder'}
        onClose={() => setOpen(null)}
        title={t('containerActions.additionalOrder')}
        footer={dialogFooter(orderId)}
      >
        <form id={orderId} onSubmit={submitOrder}>
          <p>{t('containerActions.reviewHint')}</p>
          <FormRow>
            <Field
              id={`${orderId}-value`}
              label={t('containerActions.factor')}
              type="number"
              inputMode="decimal"
              min="0.01"
              max="1000"
              step="0.01"
              required
              value={factor}
              onChange={(event) => setFactor(event.target.value)}
            />
            <Field
              id={`${orderId}-date`}
              label={t('containerActions.orderDate')}
              type="date"
              min={earliestOrderDay(new Date())}
              required
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          </FormRow>
        </form>
      </Dialog>
    </>
  );
}
