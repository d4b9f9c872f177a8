/** Ids and the clock of one mock database: ids unique within it, times as ISO strings. */
export class Ids {
  private counter = 0;

  /** A new id with a prefix, unique within this database. */
  next(prefix: string): string {
    this.counter += 1;
    return `${prefix}${Date.now().toString(36).toUpperCase()}${this.counter.toString().padStart(4, '0')}`;
  }

  now(): string {
    return new Date().toISOString();
  }
}
