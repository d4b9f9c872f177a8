export { InactivityBanner, type InactivityBannerProps } from './InactivityBanner';
export {
  INACTIVITY_LOGOUT_MS,
  INACTIVITY_WARN_MS,
  type InactivityOptions,
  useInactivity,
} from './useInactivity';
