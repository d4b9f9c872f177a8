export { FRACTION_DIGITS, formatNumber, NumberText, type NumberTextProps } from './NumberText';
