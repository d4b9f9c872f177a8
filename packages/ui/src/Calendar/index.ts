export { Calendar, type CalendarAppointment, type CalendarProps } from './Calendar';
export { calendarWeeks } from './calendarWeeks';
