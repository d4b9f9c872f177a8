import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { CheckCircleIcon } from '../internal/icons/CheckCircleIcon';
import { CloseIcon } from '../internal/icons/CloseIcon';
import { ErrorIcon } from '../internal/icons/ErrorIcon';
import { WarnIcon } from '../internal/icons/WarnIcon';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import { useUiText } from '../UiText/UiTextProvider';
import { ActionButton, Close, IconWrap, Item, Region, Text, Title } from './Toasts.styles';

/** Spec: toasts stay 2000 ms, at most 3 at once, top right. Errors stay until closed (issue 14). */
export const TOAST_DURATION_MS = 2000;
export const TOAST_MAX = 3;

export type ToastType = 'info' | 'warn' | 'error';

export interface ToastOptions {
  type?: ToastType;
  title: string;
  text?: string;
  /**
   * Milliseconds before it vanishes; defaults to the provider's duration (2000 ms) for info and warn.
   * An error stays until it is closed unless a duration is given: a refusal must be readable.
   */
  duration?: number;
  /** One follow-up, e.g. 'Open exports'; choosing it also closes the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastEntry extends Required<Omit<ToastOptions, 'text' | 'action' | 'duration'>> {
  id: number;
  /** `null`: stays until closed. */
  duration: number | null;
  text?: string;
  action?: ToastAction;
}

export interface ToastApi {
  /** Shows a toast and answers its id. When more than `max` are visible, the oldest goes. */
  show: (toast: ToastOptions) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  duration?: number;
  max?: number;
  /** Pixels from the top where the stack starts: below a header, so a toast never covers its user menu. */
  offsetTop?: number;
  children: ReactNode;
}

export function ToastProvider({
  duration = TOAST_DURATION_MS,
  max = TOAST_MAX,
  offsetTop = 0,
  children,
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)),
    [],
  );
  const show = useCallback(
    ({ type = 'info', title, text, duration: given, action }: ToastOptions) => {
      const id = nextId.current++;
      const ms = given ?? (type === 'error' ? null : duration);
      setToasts((list) => [...list, { id, type, title, text, duration: ms, action }].slice(-max));
      return id;
    },
    [duration, max],
  );
  const clear = useCallback(() => setToasts([]), []);
  const api = useMemo(() => ({ show, dismiss, clear }), [show, dismiss, clear]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} offsetTop={offsetTop} />
    </ToastContext.Provider>
  );
}

/** Show and dismiss toasts from anywhere below a ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

export interface ToastViewportProps {
  toasts: readonly ToastEntry[];
  onDismiss: (id: number) => void;
  /** Pixels from the top where the stack starts (below a header). */
  offsetTop?: number;
}

/** The fixed top-right stack; use ToastProvider unless toasts live in your own store. */
export function ToastViewport({ toasts, onDismiss, offsetTop = 0 }: ToastViewportProps) {
  const { t } = useUiText();
  return (
    <Region aria-label={t('toast.region')} $offsetTop={offsetTop}>
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </Region>
  );
}

const icons = { info: CheckCircleIcon, warn: WarnIcon, error: ErrorIcon } as const;

function Toast({ toast, onDismiss }: { toast: ToastEntry; onDismiss: (id: number) => void }) {
  const { t } = useUiText();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.duration ?? 0);
  const persistent = toast.duration === null;

  // The timer pauses while the pointer or focus is on the toast, so it can be read and closed.
  useEffect(() => {
    if (paused || persistent) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, persistent, onDismiss, toast.id]);

  const Icon = icons[toast.type];
  return (
    <Item
      $type={toast.type}
      role={toast.type === 'error' ? 'alert' : 'status'}
      onClick={() => onDismiss(toast.id)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <IconWrap $type={toast.type}>
        <Icon size={20} />
      </IconWrap>
      <div>
        <VisuallyHidden>{t(`toast.${toast.type}`)}: </VisuallyHidden>
        <Title>{toast.title}</Title>
        {toast.text ? <Text>{toast.text}</Text> : null}
        {toast.action ? (
          <ActionButton
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              toast.action?.onClick();
              onDismiss(toast.id);
            }}
          >
            {toast.action.label}
          </ActionButton>
        ) : null}
      </div>
      <Close type="button" aria-label={t('common.close')} onClick={() => onDismiss(toast.id)}>
        <CloseIcon size={16} />
      </Close>
    </Item>
  );
}
