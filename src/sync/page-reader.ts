import type { PullPage } from './transport';

/**
 * The pages of one pull, requested ahead of their writes: each page as soon as the one before it arrived (its
 * cursor starts the next), while at most `ahead` arrived pages wait to be written. With one, the server and the
 * network sat idle while a page was written and the next request began only then; with two, the next page is
 * usually there when the last write ends (issue 21 item 2). Pages come out in order; a failed request is thrown
 * by `next` once the pages before it were taken, and no page is requested after it.
 */
export function pageReader(fetchPage: (from: number) => Promise<PullPage>, from: number, ahead: number) {
  const arrived: PullPage[] = [];
  let failure: { error: unknown } | null = null;
  let finished = false;
  let stopped = false;
  // The reader waits only while nothing arrived and the fetching goes on, the fetching only while `ahead` pages
  // wait: never both at once, so one waiter is enough.
  let wake: (() => void) | null = null;
  const signal = () => {
    const waiter = wake;
    wake = null;
    waiter?.();
  };
  const sleep = () => new Promise<void>((resolve) => (wake = resolve));

  void (async () => {
    let cursor = from;
    try {
      for (;;) {
        while (arrived.length >= ahead && !stopped) await sleep();
        if (stopped) return;
        const page = await fetchPage(cursor);
        arrived.push(page);
        signal();
        if (!page.hasMore) return;
        cursor = page.cursor;
      }
    } catch (error) {
      failure = { error };
    } finally {
      finished = true;
      signal();
    }
  })();

  return {
    /** The next page in order; throws the failed request's error, or when the last page was already taken. */
    async next(): Promise<PullPage> {
      while (arrived.length === 0) {
        if (failure) throw failure.error;
        if (finished) throw new Error('pageReader: no page after the last one');
        await sleep();
      }
      const page = arrived.shift() as PullPage;
      signal();
      return page;
    },
    /** No page is requested after this (a write failed): one already asked for is left to arrive unread. */
    stop() {
      stopped = true;
      signal();
    },
  };
}
