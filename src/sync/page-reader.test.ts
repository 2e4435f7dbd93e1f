import { describe, expect, it } from 'vitest';
import { pageReader } from './page-reader';
import type { PullPage } from './transport';

/** A server of `pages` pages whose answers the test releases one by one. */
function slowServer(pages: number) {
  const asked: number[] = [];
  const answers: Array<(page: PullPage | Error) => void> = [];
  const fetchPage = (from: number) =>
    new Promise<PullPage>((resolve, reject) => {
      asked.push(from);
      answers.push((page) => (page instanceof Error ? reject(page) : resolve(page)));
    });
  const page = (i: number): PullPage => ({ changes: [], cursor: i + 1, hasMore: i + 1 < pages, salonRev: pages });
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { asked, fetchPage, tick, answer: async (i: number, with_: PullPage | Error = page(i)) => (answers[i]?.(with_), tick()) };
}

describe('pageReader', () => {
  it('asks for each page as soon as the one before arrived, with at most `ahead` arrived pages unread', async () => {
    const server = slowServer(5);
    const reader = pageReader(server.fetchPage, 0, 2);
    await server.tick();
    expect(server.asked).toEqual([0]);
    await server.answer(0);
    expect(server.asked).toEqual([0, 1]); // page 1 asked for before page 0 was read
    await server.answer(1);
    expect(server.asked).toEqual([0, 1]); // two pages wait unread: no third request
    expect(await reader.next()).toMatchObject({ cursor: 1 });
    await server.tick();
    expect(server.asked).toEqual([0, 1, 2]);
    expect(await reader.next()).toMatchObject({ cursor: 2 });
    await server.answer(2);
    await server.answer(3);
    expect(server.asked).toEqual([0, 1, 2, 3]);
    expect(await reader.next()).toMatchObject({ cursor: 3 });
    await server.answer(4);
    expect((await Promise.all([reader.next(), reader.next()])).map((p) => p.cursor)).toEqual([4, 5]);
    expect(server.asked).toEqual([0, 1, 2, 3, 4]);
    await expect(reader.next()).rejects.toThrow('no page after the last one');
  });

  it('gives the pages before a failed request, then its error, and asks for nothing after it', async () => {
    const server = slowServer(5);
    const reader = pageReader(server.fetchPage, 0, 2);
    await server.tick();
    await server.answer(0);
    await server.answer(1, new Error('lost'));
    expect(await reader.next()).toMatchObject({ cursor: 1 });
    await expect(reader.next()).rejects.toThrow('lost');
    await server.tick();
    expect(server.asked).toEqual([0, 1]);
  });

  it('asks for nothing more once stopped; what arrived can still be read', async () => {
    const server = slowServer(5);
    const reader = pageReader(server.fetchPage, 7, 1);
    await server.tick();
    expect(server.asked).toEqual([7]);
    await server.answer(0);
    reader.stop();
    expect(await reader.next()).toMatchObject({ cursor: 1 });
    await server.tick();
    expect(server.asked).toEqual([7]);
    await expect(reader.next()).rejects.toThrow('no page after the last one');
  });
});
