import type { en } from './en';

export type UiTextKey = keyof typeof en;
/** Every language must provide every key: a missing one is a type error. */
export type UiTexts = Record<UiTextKey, string>;
