/** Tiny generated files: a one-page PDF with a few lines of text, and SVG pictures. */

const encoder = new TextEncoder();

/** PDF strings may not hold unbalanced parentheses or backslashes; Latin-1 only in the base fonts. */
const pdfText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/([()\\])/g, '\\$1');

/** A valid one-page PDF (about 700 bytes) showing a title and lines; offsets in the xref are exact. */
export const tinyPdf = (title: string, lines: readonly string[] = []): Uint8Array => {
  const text = [
    'BT /F1 16 Tf 56 780 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 10 Tf',
    ...lines.flatMap((line) => ['0 -18 Td', `(${pdfText(line)}) Tj`]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return encoder.encode(out);
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A floor plan of a branch: halls as labelled rectangles (the map locations are placed on). */
export const floorPlanSvg = (branchName: string, halls: readonly string[]): Uint8Array => {
  const cols = Math.min(3, Math.max(1, halls.length));
  const rows = Math.ceil(halls.length / cols) || 1;
  const w = 1200;
  const h = 800;
  const cw = (w - 80) / cols;
  const ch = (h - 140) / rows;
  const rects = halls
    .map((name, i) => {
      const x = 40 + (i % cols) * cw;
      const y = 100 + Math.floor(i / cols) * ch;
      return `<rect x="${x + 8}" y="${y + 8}" width="${cw - 16}" height="${ch - 16}" fill="#eef2f6" stroke="#7a8b9c" stroke-width="3"/><text x="${x + 24}" y="${y + 44}" font-size="22" fill="#34495e">${escapeXml(name)}</text>`;
    })
    .join('');
  return encoder.encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#fff"/><text x="40" y="60" font-size="30" font-family="sans-serif" fill="#1f2d3a">${escapeXml(branchName)}</text><g font-family="sans-serif">${rects}</g></svg>`,
  );
};

/** A picture of a rack for the gallery: uprights, shelves and coloured bins. */
export const rackPhotoSvg = (caption: string, hue: number): Uint8Array => {
  const bins: string[] = [];
  for (let s = 0; s < 5; s++)
    for (let p = 0; p < 8; p++)
      bins.push(
        `<rect x="${70 + p * 82}" y="${80 + s * 90}" width="70" height="50" fill="hsl(${(hue + p * 7 + s * 13) % 360} 60% 55%)"/>`,
      );
  const shelves = [0, 1, 2, 3, 4]
    .map((s) => `<rect x="50" y="${132 + s * 90}" width="690" height="8" fill="#888"/>`)
    .join('');
  return encoder.encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="#dfe6ec"/><rect x="40" y="40" width="12" height="480" fill="#555"/><rect x="738" y="40" width="12" height="480" fill="#555"/>${shelves}${bins.join('')}<text x="40" y="570" font-size="24" font-family="sans-serif" fill="#1f2d3a">${escapeXml(caption)}</text></svg>`,
  );
};
