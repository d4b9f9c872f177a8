import { type Container, hasAll, type MessageKey, PERMISSIONS } from '@falcon/api-client/lite';
import { Button, ConfirmDialog, Dialog } from '@falcon/ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Field, FormRow } from '../../../components/Field';
import { api } from '../../../lib/api';
import { useNotify } from '../../../lib/messages';
import { state } from '../../../lib/store';

type Action = 'scan' | 'deactivate' | 'changeQuantity' | 'additionalOrder';

const tomorrow = () => {
  const date = new Date(Date.now() + 86_400_000);
  return date.toISOString().slice(0, 10);
};

/**
 * The four container actions of spec section 4, each a request for review by the location's clerk:
 * nothing about the container changes until it is approved. Each button shows only with its permission.
 */
export function ContainerActions({
  container,
  onRequested,
}: {
  container: Container;
  onRequested: () => void;
}) {
  const { t } = useTranslation(['location', 'common']);
  const notify = useNotify();
  const { session } = useSnapshot(state);
  const granted = session?.permissions ?? [];
  const [open, setOpen] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [quantity, setQuantity] = useState('');
  const [factor, setFactor] = useState('1');
  const [date, setDate] = useState(tomorrow);
  const quantityId = useId();
  const factorId = useId();
  const dateId = useId();

  const may = (code: string) => hasAll(granted, [code]);
  const params = { params: { id: container.id } };

  const run = async (call: () => Promise<unknown>, success: MessageKey, failure: MessageKey) => {
    setBusy(true);
    try {
      await call();
      notify.success(success);
      setOpen(null);
      onRequested();
    } catch (error) {
      notify.error(error, failure);
    } finally {
      setBusy(false);
    }
  };

  const submitQuantity = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(quantity.replace(',', '.'));
    if (!(value > 0)) return;
    void run(
      () => api.container.changeQuantity({ ...params, body: { factor: value } }),
      'change_quantity_success',
      'change_quantity_error',
    );
  };
  const submitOrder = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(factor.replace(',', '.'));
    if (!(value > 0) || !date) return;
    void run(
      () => api.container.additionalOrder({ ...params, body: { factor: value, additionalOrderDate: date } }),
      'order_success',
      'order_error',
    );
  };

  const actions = [
    may(PERMISSIONS.containerRefill) && (
      <Button
        key="scan"
        size="sm"
        loading={busy && open === null}
        onClick={() => void run(() => api.container.scan(params), 'scan_success', 'scan_error')}
      >
        {t('actions.scan')}
      </Button>
    ),
    may(PERMISSIONS.containerChangeQuantity) && (
      <Button
        key="quantity"
        size="sm"
        variant="secondary"
        onClick={() => {
          setQuantity(container.fillingQuantity !== undefined ? String(container.fillingQuantity) : '');
          setOpen('changeQuantity');
        }}
      >
        {t('actions.changeQuantity')}
      </Button>
    ),
    may(PERMISSIONS.containerAdditionalDelivery) && (
      <Button key="order" size="sm" variant="secondary" onClick={() => setOpen('additionalOrder')}>
        {t('actions.additionalOrder')}
      </Button>
    ),
    may(PERMISSIONS.containerDeactivate) && container.active && (
      <Button key="deactivate" size="sm" variant="danger" onClick={() => setOpen('deactivate')}>
        {t('actions.deactivate')}
      </Button>
    ),
  ].filter(Boolean);

  if (actions.length === 0) return null;

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>{actions}</div>
      <ConfirmDialog
        open={open === 'deactivate'}
        title={t('actions.deactivateTitle')}
        message={t('actions.deactivateConfirm', { code: container.code ?? container.id })}
        confirmLabel={t('actions.deactivate')}
        danger
        loading={busy}
        onCancel={() => setOpen(null)}
        onConfirm={() =>
          void run(() => api.container.deactivate(params), 'deactivate_success', 'deactivate_error')
        }
      />
      <Dialog
        open={open === 'changeQuantity'}
        onClose={() => setOpen(null)}
        title={t('actions.changeQuantity')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(null)}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" form={quantityId} loading={busy}>
              {t('actions.request')}
            </Button>
          </>
        }
      >
        <form id={quantityId} onSubmit={submitQuantity}>
          <p>{t('actions.reviewHint')}</p>
          <Field
            id={`${quantityId}-value`}
            label={t('actions.newQuantity')}
            type="number"
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
        title={t('actions.additionalOrder')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(null)}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" form={factorId} loading={busy}>
              {t('actions.request')}
            </Button>
          </>
        }
      >
        <form id={factorId} onSubmit={submitOrder}>
          <p>{t('actions.reviewHint')}</p>
          <FormRow>
            <Field
              id={`${factorId}-value`}
              label={t('actions.factor')}
              type="number"
              min="0.01"
              max="1000"
              step="0.01"
              required
              value={factor}
              onChange={(event) => setFactor(event.target.value)}
            />
            <Field
              id={dateId}
              label={t('actions.orderDate')}
              type="date"
              min={tomorrow()}
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
