import type { MessageKey } from '../contract/common';
import { invalid } from '../http-error';

/** A rack or shelf position of a path (1 to 9999, as the grid shows it); 400 naming `field` otherwise. */
export const positionOf = (value: string, field: string): number =>
  /^[1-9][0-9]{0,3}$/.test(value) ? Number(value) : invalid(field, 'a position: 1 to 9999');

export interface FieldError {
  field: string;
  error: MessageKey;
}

/** Two passwords that differ give 'Passwords are different' (message key passwords_different). */
export const checkPasswordPair = (
  password: string | undefined,
  repeat: string | undefined,
  field = 'passwordRepeat',
): FieldError | null =>
  (password ?? '') === (repeat ?? '') ? null : { field, error: 'passwords_different' };

/** Initials for the avatar: first letters of first and last name, else of the username. */
export const initialsOf = (firstname: string, lastname: string, username: string): string => {
  const fromNames = `${firstname.trim().charAt(0)}${lastname.trim().charAt(0)}`;
  return (fromNames || username.slice(0, 2)).toUpperCase();
};

export const fullNameOf = (firstname: string, lastname: string, username: string): string =>
  `${firstname} ${lastname}`.trim() || username;

/** Reach in weeks at or below this is alarming (coloured in the grid, counted on the dashboard). */
export const ALARMING_REACH_WEEKS = 1;
export const isAlarming = (reachInWeeks: number | null | undefined, active: boolean): boolean =>
  active && reachInWeeks !== null && reachInWeeks !== undefined && reachInWeeks <= ALARMING_REACH_WEEKS;
