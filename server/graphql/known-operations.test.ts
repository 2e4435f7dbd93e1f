import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLError, parse, print, type GraphQLSchema } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from '../read-body';
import { logUnexpectedErrors, useSafeErrorLog } from './error-log';
import { createKnownOperations, mediaTypeFor, type OperationParams } from './known-operations';

const schema = createSchema({
  typeDefs: 'type Query { boom: Int!  refused: Int  fine: Int  cookie: Int }',
  resolvers: {
    Query: {
      boom: () => {
        throw new Error('secret detail');
      },
      refused: () => {
        throw new GraphQLError('Not allowed', { extensions: { code: 'NotAllowed', reason: 'NO' } });
      },
      fine: () => 7,
      cookie: (_: unknown, __: unknown, ctx: { setCookie(value: string): void }) => {
        ctx.setCookie('a=1');
        return 1;
      },
    },
  },
}) as unknown as GraphQLSchema;

/** As the app's client sends its documents: printed. */
const QUERIES = ['query Boom { boom fine }', 'query Refused { refused fine }', 'query Fine { fine }', 'query Cookie { cookie }'].map((q) =>
  print(parse(q)),
);

/**
 * The known path against yoga on one small schema: an unexpected error (masked, logged once), a refusal (kept), data,
 * a cookie; each answered by yoga when sent with a space more.
 */
describe('known operations against yoga', () => {
  const lines: string[] = [];
  let server: Server;
  let url = '';
  beforeAll(async () => {
    const logged = new WeakSet<object>();
    const log = (line: string) => lines.push(line);
    const cookies = new WeakMap<Request, string[]>();
    const yoga = createYoga({
      schema,
      maskedErrors: true,
      logging: false,
      plugins: [
        useSafeErrorLog(log, logged),
        { onResponse: ({ request, response }) => cookies.get(request)?.forEach((c) => response.headers.append('set-cookie', c)) },
      ],
      context: ({ request }) => ({
        requestId: 'r',
        setCookie: (value: string) => cookies.set(request, [...(cookies.get(request) ?? []), value]),
      }),
    });
    const known = createKnownOperations({
      schema,
      documents: QUERIES,
      context: (_req, setCookie) => ({ requestId: 'r', setCookie }),
      onErrors: (errors, run) => logUnexpectedErrors(log, logged, () => {}, errors, { ...run, requestId: 'r', phase: 'execution' }),
    });
    server = createServer((req, res) => {
      void readBody(req, 1e6).then((body) => {
        const params = JSON.parse(String(body)) as OperationParams;
        const document = known.find(params, req.headers.accept);
        if (document) return known.answer(req, res, params, document);
        Object.assign(req, { body });
        return yoga(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = async (query: string) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      cookie: response.headers.get('set-cookie'),
      body: await response.text(),
    };
  };

  it('answers each as yoga does, and logs an unexpected error once per request', async () => {
    for (const query of QUERIES) {
      lines.length = 0;
      const known = await send(query);
      const knownLines = [...lines];
      expect(known).toEqual(await send(`${query} `));
      expect(lines).toEqual([...knownLines, ...knownLines]);
    }
    const boom = await send(QUERIES[0] as string);
    expect(boom.body).not.toContain('secret detail');
    expect(JSON.parse(boom.body)).toMatchObject({
      data: null,
      errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
    });
    expect(lines.at(-1)).toMatch(/^\[error\] query Boom\.boom request=r phase=execution Error/);
    expect((await send(QUERIES[3] as string)).cookie).toBe('a=1');
  });

  it('chooses the answer type as yoga does', () => {
    expect(mediaTypeFor(undefined)).toBe('application/json');
    expect(mediaTypeFor('application/graphql-response+json, application/json')).toBe('application/graphql-response+json');
    expect(mediaTypeFor('application/json;charset=latin1, application/*')).toBe('application/json');
    expect(mediaTypeFor('text/html')).toBeNull();
  });
});
