import { dayPieces, type SpansByDay, type WallSpan } from './free-slots';
import type { MinuteSpan } from './time-options';

/**
 * Spans by provider and day, kept row by row (issue 61): a row (an appointment, a working time) is put again when it
 * changes and removed when it goes, so a server that keeps a salon's free time follows its writes without reading
 * every row again. Answers as DaySpans does.
 */
export class RowSpans implements SpansByDay {
  /** provider|day → row id → the row's minutes that day. */
  private readonly byKey = new Map<string, Map<string, MinuteSpan[]>>();
  private readonly keysOfRow = new Map<string, string[]>();
  private readonly flat = new Map<string, readonly MinuteSpan[]>();

  /** How many rows are kept. */
  get size(): number {
    return this.keysOfRow.size;
  }

  /** The row as it is now: its span for each of its providers (a master, a cabinet), replacing what it had. */
  put(rowId: string, providers: readonly (string | null)[], span: WallSpan): void {
    this.remove(rowId);
    const keys: string[] = [];
    for (const provider of providers) {
      if (!provider) continue;
      for (const piece of dayPieces(span)) {
        if (piece.to <= piece.from) continue;
        const key = `${provider}|${piece.date}`;
        let rows = this.byKey.get(key);
        if (!rows) this.byKey.set(key, (rows = new Map()));
        const mine = rows.get(rowId);
        if (mine) mine.push({ from: piece.from, to: piece.to });
        else rows.set(rowId, [{ from: piece.from, to: piece.to }]);
        this.flat.delete(key);
        keys.push(key);
      }
    }
    this.keysOfRow.set(rowId, keys);
  }

  /** The row is gone (deleted, archived, moved out of the days kept). */
  remove(rowId: string): void {
    const keys = this.keysOfRow.get(rowId);
    if (!keys) return;
    for (const key of keys) {
      const rows = this.byKey.get(key);
      rows?.delete(rowId);
      if (rows?.size === 0) this.byKey.delete(key);
      this.flat.delete(key);
    }
    this.keysOfRow.delete(rowId);
  }

  of(id: string, date: string): readonly MinuteSpan[] {
    const key = `${id}|${date}`;
    let spans = this.flat.get(key);
    if (!spans) {
      spans = [...(this.byKey.get(key)?.values() ?? [])].flat();
      this.flat.set(key, spans);
    }
    return spans;
  }
}
