export { TOOLTIP_DELAY_MS, TOOLTIP_IN_MS, TOOLTIP_OUT_MS, Tooltip, type TooltipProps } from './Tooltip';
