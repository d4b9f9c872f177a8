import { describe, expect, it } from 'vitest';
import { newFileId, sanitizeFilename } from './names';

describe('sanitizeFilename: the uploaded name as display text only', () => {
  it('drops directories, Unix and Windows style', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\anna\\Halle 3.jpg', 'jpg')).toBe('Halle 3.jpg');
  });

  it('removes controls and bidi overrides that disguise an extension', () => {
    expect(sanitizeFilename('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(sanitizeFilename('a\u0000b\nc.csv', 'csv')).toBe('ab c.csv');
  });

  it('names the content that was detected, not the one claimed', () => {
    expect(sanitizeFilename('foto.png', 'webp')).toBe('foto.webp');
    expect(sanitizeFilename('liste.xlsx', 'csv')).toBe('liste.csv');
    expect(sanitizeFilename('liste.txt', 'csv')).toBe('liste.txt');
    expect(sanitizeFilename('Foto.JPEG', 'jpg')).toBe('Foto.JPEG');
  });

  it('falls back to a plain name and keeps at most 200 characters with the extension', () => {
    expect(sanitizeFilename(undefined, 'webp', 'image')).toBe('image.webp');
    expect(sanitizeFilename('../..', 'csv')).toBe('upload.csv');
    expect(sanitizeFilename('.htaccess')).toBe('htaccess');
    const long = sanitizeFilename(`${'x'.repeat(300)}.xlsx`, 'xlsx');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.xlsx')).toBe(true);
  });
});

describe('newFileId', () => {
  it('is random and path-safe', () => {
    const ids = new Set(Array.from({ length: 100 }, newFileId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
