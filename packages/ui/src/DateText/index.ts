export { DateText, type DateTextFormat, type DateTextProps, formatDate } from './DateText';
