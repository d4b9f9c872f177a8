import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '../Button/Button';
import { CloseIcon } from '../internal/icons/CloseIcon';
import { useUiText } from '../UiText/UiTextProvider';
import { Body, Footer, Header, Overlay, Panel } from './Dialog.styles';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Close when the dimmed backdrop is clicked. */
  closeOnBackdrop?: boolean;
  /** Selector of the element to focus first; else the first field or button in the body. */
  initialFocus?: string;
  /** Use role="alertdialog" for confirmations that interrupt the user. */
  alert?: boolean;
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (WAI-ARIA dialog pattern): focus moves in on open, Tab cycles inside, Escape
 * closes, and focus returns to where it came from on close.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  closeOnBackdrop = true,
  initialFocus,
  alert = false,
}: DialogProps) {
  const { t } = useUiText();
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const returnTo = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first =
      (initialFocus ? panel?.querySelector<HTMLElement>(initialFocus) : null) ??
      panel?.querySelector<HTMLElement>(`[data-dialog-body] :is(${focusable})`) ??
      panel?.querySelector<HTMLElement>(`[data-dialog-footer] :is(${focusable})`) ??
      panel;
    first?.focus();
    return () => returnTo?.focus?.();
  }, [open, initialFocus]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = [...(panelRef.current?.querySelectorAll<HTMLElement>(focusable) ?? [])];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <Overlay
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <Panel
        ref={panelRef}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        tabIndex={-1}
        $size={size}
        onKeyDown={onKeyDown}
      >
        <Header>
          <h2 id={`${id}-title`}>{title}</h2>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('common.close')}
            icon={<CloseIcon />}
            onClick={onClose}
          />
        </Header>
        <Body id={`${id}-body`} data-dialog-body="">
          {children}
        </Body>
        {footer ? <Footer data-dialog-footer="">{footer}</Footer> : null}
      </Panel>
    </Overlay>
  );
}
