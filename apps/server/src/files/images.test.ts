import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { acceptImage } from './images';
import { jpeg, png, pngClaiming, text } from './testing';

const accepted = async (...args: Parameters<typeof acceptImage>) => {
  const result = await acceptImage(...args);
  if (!result.ok) throw new Error(`refused: ${result.error.message}`);
  return result.value;
};

describe('acceptImage', () => {
  it('stores a re-encoded WebP under a random name, keeping the upload name only as display text', async () => {
    const image = await accepted('image', await png(), '../../Halle 3.png');
    expect(image.filename).toBe('Halle 3.webp');
    expect(image.image.name).toBe(`${image.id}.webp`);
    expect(image.thumbnail.name).toBe(`${image.id}-thumb.webp`);
    expect(image.image.mime).toBe('image/webp');
    expect((await sharp(image.image.bytes).metadata()).format).toBe('webp');
    expect(image.original).toMatchObject({ format: 'png', width: 40, height: 20 });
  });

  it('turns a phone photo upright and strips its EXIF (GPS, author)', async () => {
    const photo = await sharp(await jpeg(40, 20))
      .withExif({ IFD0: { Artist: 'Anna Example', Copyright: 'GPS 48.1N 11.5E' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const image = await accepted('image', photo, 'IMG_0001.JPG');
    const meta = await sharp(image.image.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(image.image.bytes.includes('Anna Example')).toBe(false);
  });

  it('drops anything appended after the image data (a polyglot payload)', async () => {
    const polyglot = Buffer.concat([await jpeg(), Buffer.from('<script>alert(1)</script>')]);
    const image = await accepted('image', polyglot);
    expect(image.image.bytes.includes('<script>')).toBe(false);
  });

  it('caps the stored size and makes a small thumbnail; never enlarges', async () => {
    const big = await accepted('image', await png(3000, 1000));
    expect([big.image.width, big.image.height]).toEqual([2560, 853]);
    expect([big.thumbnail.width, big.thumbnail.height]).toEqual([320, 107]);
    const map = await accepted('branchMap', await png(5000, 500));
    expect(map.image.width).toBe(4096);
    const small = await accepted('image', await png(40, 20));
    expect([small.image.width, small.thumbnail.width]).toEqual([40, 40]);
  });

  it('refuses a decompression bomb (a tiny file claiming 50,000 x 50,000 pixels) without decoding it', async () => {
    const bomb = await pngClaiming(50_000, 50_000);
    expect(bomb.byteLength).toBeLessThan(1000);
    const result = await acceptImage('image', bomb);
    expect(result).toMatchObject({
      ok: false,
      error: { error: 'payload_too_large', field: 'file', status: 413, details: { width: 50_000 } },
    });
  });

  it('refuses a truncated image and a text file as an image', async () => {
    const whole = await jpeg(400, 300);
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    expect(await acceptImage('image', truncated)).toMatchObject({
      ok: false,
      error: { error: 'upload_failed' },
    });
    expect(await acceptImage('image', text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatchObject({
      ok: false,
      error: { error: 'unsupported_media_type' },
    });
  });
});
