import type { en } from './en';
import type { enBase } from './en-base';

export type UiTextKey = keyof typeof en;
/** Every language must provide every key: a missing one is a type error. */
export type UiTexts = Record<UiTextKey, string>;
/**
 * The part of the texts a page needs before its first paint (common words, the sign-in form, the footer,
 * the select): built in for German, loadable alone for the others (`loadUiTexts(locale, 'base')`).
 */
export type UiBaseTextKey = keyof typeof enBase;
export type UiBaseTexts = Record<UiBaseTextKey, string>;
