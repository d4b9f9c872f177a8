import { writeFileSync } from 'node:fs';

// A fake camera for chromium (--use-file-for-fake-video-capture): one Y4M frame showing an EAN-13
// barcode, black bars on white, so the /app camera scanner has something real to read.

// Digit patterns: L and G (left half, by the first digit's PARITY), R (right half); 1 is a bar.

const L = '0001101 0011001 0010011 0111101 0100011 0110001 0101111 0111011 0110111 0001011'.split(' ');
const G = '0100111 0110011 0011011 0100001 0011101 0111001 0000101 0010001 0001001 0010111'.split(' ');
const R = '1110010 1100110 1101100 1000010 1011100 1001110 1010000 1000100 1001000 1110100'.split(' ');
const PARITY = 'LLLLLL LLGLGG LLGGLG LLGGGL LGLLGG LGGLLG LGGGLL LGLGLG LGLGGL LGGLGL'.split(' ');

/** The 95 modules of an EAN-13 code, '1' for a bar. */
const ean13Modules = (code: string): string => {
  if (!/^\d{13}$/.test(code)) throw new Error(`not an EAN-13: ${code}`);
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0] as number] as string;
  let modules = '101';
  for (let i = 1; i <= 6; i++) {
    const table = parity[i - 1] === 'L' ? L : G;
    modules += table[digits[i] as number];
  }
  modules += '01010';
  for (let i = 7; i <= 12; i++) modules += R[digits[i] as number];
  return `${modules}101`;
};

/** Writes a 640x480 Y4M file (4:2:0, full range) with the barcode centred; returns its path. */
export const writeBarcodeVideo = (path: string, code: string): string => {
  const width = 640;
  const height = 480;
  const module = 5;
  const modules = ean13Modules(code);
  const left = Math.floor((width - modules.length * module) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let y = 90; y < 390; y++)
    for (let m = 0; m < modules.length; m++)
      if (modules[m] === '1')
        luma.fill(0, y * width + left + m * module, y * width + left + (m + 1) * module);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, Buffer.from('FRAME\n'), luma, chroma]));
  return path;
};
