/** What a table download's handler returns; the backend filters the rows and writes the csv. */
export interface TableAnswer {
  filename: string;
  rows: readonly Record<string, unknown>[];
}

export const isTableAnswer = (value: unknown): value is TableAnswer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TableAnswer).filename === 'string' &&
  Array.isArray((value as TableAnswer).rows);

/**
 * One csv cell: `;`-separated like the lists users upload (German Excel). A cell that starts like a
 * formula is prefixed with `'`, so a spreadsheet never evaluates it.
 */
export const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A csv of the given columns (header row of the keys, CRLF line ends, a final line end). */
export const toCsv = (columns: readonly string[], rows: readonly Record<string, unknown>[]): string => {
  const lines = [columns.map(csvCell).join(';')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(';'));
  return `${lines.join('\r\n')}\r\n`;
};
