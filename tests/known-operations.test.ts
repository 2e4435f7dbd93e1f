import { describe, expect, it, vi } from 'vitest';
import { KNOWN_DOCUMENTS } from '../server/graphql/known-documents';
import { createKnownOperations } from '../server/graphql/known-operations';
import { buildSchema } from '../server/graphql/schema';
import { configureApi, Docs, request } from '../src/api';

/** The server answers the app's sync without yoga only for the exact text the app's client sends (decision 099). */
describe("the app's sync requests", () => {
  it('are known operations, sent as the server knows them', async () => {
    const sent: Array<{ query: string; accept: string }> = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push({
        query: (JSON.parse(String(init.body)) as { query: string }).query,
        accept: new Headers(init.headers).get('accept') ?? '',
      });
      return new Response(JSON.stringify({ data: { pull: null, pushCommands: null } }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    configureApi({ baseUrl: 'http://127.0.0.1:9' });
    try {
      await request(Docs.PullDocument, { input: { salon: 'x', cursor: 0, limit: 1 } }).catch(() => null);
      await request(Docs.PushCommandsDocument, { input: { clientId: 'x', commands: [] } }).catch(() => null);
    } finally {
      vi.unstubAllGlobals();
    }
    const known = createKnownOperations({
      schema: buildSchema(),
      documents: KNOWN_DOCUMENTS,
      context: () => ({}),
      onErrors: () => {},
    });
    expect(sent).toHaveLength(2);
    for (const { query, accept } of sent) expect(known.find({ query, variables: {} }, accept), query).not.toBeNull();
  });
});
