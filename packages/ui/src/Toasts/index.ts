export {
  TOAST_DURATION_MS,
  TOAST_MAX,
  type ToastAction,
  type ToastApi,
  type ToastEntry,
  type ToastOptions,
  ToastProvider,
  type ToastProviderProps,
  type ToastType,
  ToastViewport,
  type ToastViewportProps,
  useToast,
} from './Toasts';
