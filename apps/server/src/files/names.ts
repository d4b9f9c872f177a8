import { randomUUID } from 'node:crypto';

/** Storage ids are random: an uploaded file name never becomes a path, a key or a URL. */
export const newFileId = (): string => randomUUID();

/** Longest display name kept (the contract's `Name` allows 200 characters). */
const MAX_DISPLAY_NAME = 200;

// Controls, bidi overrides/isolates (they disguise extensions: "gpj.exe" shown as "exe.jpg"),
// zero-width characters, and characters Windows forbids in file names.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to remove them
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff<>:"|?*]/g;

/** Extensions that name the same content as the detected one. */
const SAME_TYPE: Record<string, readonly string[]> = {
  jpg: ['jpeg', 'jpe'],
  csv: ['txt', 'tsv'],
  txt: ['csv', 'tsv', 'text'],
};

/**
 * The uploaded name as safe display text: no directories, controls or bidi tricks, at most 200
 * characters, and (when `ext` is given) ending in the extension of the detected content, so a
 * download is never labelled with a type it is not.
 */
export const sanitizeFilename = (original: string | undefined, ext?: string, fallback = 'upload'): string => {
  const base = (original ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = base
    .replace(/[\t\n\r\v\f]/g, ' ')
    .replace(UNSAFE, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  if (ext) {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
    const same = current === ext || SAME_TYPE[ext]?.includes(current) === true;
    name = same ? name : `${stem || fallback}.${ext}`;
  }
  if (!name || name.startsWith('.')) name = ext ? `${fallback}.${ext}` : fallback;
  if (name.length > MAX_DISPLAY_NAME) {
    const dot = name.lastIndexOf('.');
    const suffix = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = `${name.slice(0, MAX_DISPLAY_NAME - suffix.length).trimEnd()}${suffix}`;
  }
  return name;
};
