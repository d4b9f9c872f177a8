import type { Page } from '@playwright/test';

/** One defect of a table cell as a person would see it. */
export interface CellDefect {
  kind: 'overflow' | 'number-wrapped' | 'word-broken';
  /** The table's caption (or the list's label) and the column header, for the message. */
  where: string;
  text: string;
}

/**
 * Measures every visible table cell (td, th), description value (dd) and list item (li: lists that stand
 * for tables, e.g. the own requests) under `scope` in the page:
 * - overflow: the cell's content is wider than its box (scrollWidth > clientWidth) and does not end in an
 *   ellipsis (an element inside with text-overflow: ellipsis and overflow hidden is fine: that is the design);
 * - number-wrapped: a number, date or code (a text without spaces that holds a digit, or a text of digits and
 *   punctuation only) runs over more than one line (Range.getClientRects);
 * - word-broken: a word is split across two lines where the text has no hyphen, soft hyphen, slash or space,
 *   unless only the browser's hyphenation can have split it (hyphens: auto with overflow-wrap and word-break
 *   both normal: then the browser draws a hyphen).
 */
export async function cellDefects(page: Page, scope = 'main'): Promise<CellDefect[]> {
  return page.evaluate((scopeSelector) => {
    const defects: { kind: 'overflow' | 'number-wrapped' | 'word-broken'; where: string; text: string }[] =
      [];
    const root = document.querySelector(scopeSelector) ?? document.body;
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const whereOf = (cell: Element) => {
      const table = cell.closest('table');
      if (table) {
        const caption =
          table.querySelector('caption')?.textContent?.trim() ?? table.getAttribute('aria-label');
        const row = cell.parentElement as HTMLTableRowElement | null;
        const index = row ? Array.prototype.indexOf.call(row.cells, cell) : -1;
        const header = table.tHead?.rows[0]?.cells[index]?.textContent?.trim();
        return `${caption ?? 'table'} › ${header ?? `column ${index + 1}`}`;
      }
      const term = cell.previousElementSibling?.textContent?.trim();
      return `${cell.closest('[aria-label]')?.getAttribute('aria-label') ?? 'list'} › ${term ?? ''}`;
    };
    const ellipsisInside = (cell: Element) =>
      [cell, ...cell.querySelectorAll('*')].some((el) => {
        const style = getComputedStyle(el);
        return style.textOverflow === 'ellipsis' && style.overflowX !== 'visible';
      });
    /** The top of each line a range covers (rects on one line share a top within a few px). */
    const lineTops = (range: Range) => {
      const tops: number[] = [];
      for (const rect of range.getClientRects()) {
        if (rect.width < 0.5 || rect.height < 0.5) continue;
        if (!tops.some((top) => Math.abs(top - rect.top) < rect.height / 2)) tops.push(rect.top);
      }
      return tops.length;
    };
    const NUMERIC = /^[^\p{L}]*\d[^\p{L}]*$/u; // digits and punctuation (numbers, dates, times)
    const CODE = /^(?=\S*\d)\S+$/u; // one token holding a digit (KB-0000024, C001-B01-L01, R12)
    const NUMBER_WITH_UNIT = /^[-+−]?[\d\s.,\u00a0\u202f]+\s?(?:\p{L}{1,4}\.?|[€$%])$/u; // 12,00 kg, 5 Stk.

    const cells = root.querySelectorAll('td, th, dd, li');
    for (const cell of cells) {
      if (!visible(cell)) continue;
      const text = (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!text) continue;
      const html = cell as HTMLElement;
      if (html.scrollWidth > html.clientWidth + 1 && !ellipsisInside(cell)) {
        defects.push({ kind: 'overflow', where: whereOf(cell), text });
        continue;
      }
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent ?? '';
        const trimmed = value.replace(/\s+/g, ' ').trim();
        if (!trimmed || !node.parentElement || !visible(node.parentElement)) continue;
        const parentStyle = getComputedStyle(node.parentElement);
        if (parentStyle.textOverflow === 'ellipsis' && parentStyle.whiteSpace === 'nowrap') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if (lineTops(range) < 2) continue;
        if (NUMERIC.test(trimmed) || CODE.test(trimmed) || NUMBER_WITH_UNIT.test(trimmed)) {
          defects.push({ kind: 'number-wrapped', where: whereOf(cell), text: trimmed });
          continue;
        }
        // Where does the line change? A break inside a word is a defect unless the browser hyphenates.
        const hyphenates =
          parentStyle.hyphens === 'auto' &&
          parentStyle.overflowWrap === 'normal' &&
          parentStyle.wordBreak === 'normal';
        let previousTop: number | null = null;
        let previousChar = '';
        for (let i = 0; i < value.length; i++) {
          const char = value[i] ?? '';
          if (/\s/.test(char)) {
            previousChar = char;
            continue;
          }
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect || rect.width < 0.1) continue;
          if (previousTop !== null && rect.top > previousTop + rect.height / 2) {
            const atBoundary = /[\s\-\u00ad\u2010\u2011/]/.test(previousChar) || previousChar === '';
            if (!atBoundary && !hyphenates) {
              defects.push({ kind: 'word-broken', where: whereOf(cell), text: trimmed });
              break;
            }
          }
          previousTop = rect.top;
          previousChar = char;
        }
      }
    }
    return defects;
  }, scope);
}
