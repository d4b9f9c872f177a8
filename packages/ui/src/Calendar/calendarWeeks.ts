/** Days of the month view: whole weeks from the Monday on or before the 1st to the Sunday on or after the last day. */
export function calendarWeeks(month: Date): Date[][] {
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const last = new Date(month.getFullYear(), month.getMonth() + 1, 0);
  // getDay: 0 = Sunday; the week starts on Monday (spec).
  const lead = (first.getDay() + 6) % 7;
  const trail = 6 - ((last.getDay() + 6) % 7);
  const days = lead + last.getDate() + trail;
  const weeks: Date[][] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(first.getFullYear(), first.getMonth(), 1 - lead + i);
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push(day);
  }
  return weeks;
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}
