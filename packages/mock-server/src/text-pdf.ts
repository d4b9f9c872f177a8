/**
 * A plain PDF of text lines (Helvetica, 60 lines an A4 page), for the mock's downloads. Letters
 * beyond Latin-1 print as "?": the standard fonts have no others (the server embeds DejaVu).
 */
export const textPdf = (title: string, lines: readonly string[]): Uint8Array => {
  const esc = (s: string) =>
    [...s]
      .map((ch) => (ch.charCodeAt(0) > 255 ? '?' : ch))
      .join('')
      .replace(/[\\()]/g, (m) => `\\${m}`);
  const pages: string[][] = [];
  const all = [title, '', ...lines];
  for (let i = 0; i < all.length; i += 60) pages.push(all.slice(i, i + 60));
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const catalog = add('');
  const pagesRef = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids = pages.map((page) => {
    const text = page.map((l, i) => `BT /F1 9 Tf 40 ${800 - i * 12.5} Td (${esc(l)}) Tj ET`).join('\n');
    const content = add(`<< /Length ${latin1(text).length} >>\nstream\n${text}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 595.28 841.89] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRef} 0 R >>`;
  objects[pagesRef - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = latin1(out).length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = latin1(out).length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1(out);
};

/** Latin-1 bytes of a string whose characters are all below 256 (the PDF's WinAnsi text). */
const latin1 = (s: string): Uint8Array => Uint8Array.from(s, (ch) => ch.charCodeAt(0) & 0xff);
