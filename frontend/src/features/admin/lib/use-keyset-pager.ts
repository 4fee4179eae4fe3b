import { useState } from "react";
import { PAGE_SIZE } from "../api/schema";

/**
 * Keyset paging: a stack of the cursors that opened each page seen so far (undefined for
 * the first). Next pushes the answer's nextCursor, Previous pops. A new `resetKey` (a
 * changed search or filter) starts again from the first page.
 */
export function useKeysetPager(resetKey: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[] }>({ key: resetKey, cursors: [undefined] });
  const cursors = state.key === resetKey ? state.cursors : [undefined];
  const page = cursors.length;
  return {
    /** The cursor to send for the page shown. */
    cursor: cursors[cursors.length - 1],
    /** 1-based. */
    page,
    next: (nextCursor: string) => setState({ key: resetKey, cursors: [...cursors, nextCursor] }),
    previous: () => setState({ key: resetKey, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }),
    reset: () => setState({ key: resetKey, cursors: [undefined] }),
  };
}

/** "Page N of M" counts M from the list's total (at least 1 page). */
export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
