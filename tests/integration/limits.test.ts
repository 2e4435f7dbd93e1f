import { describe, expect, it } from 'vitest';
import { ok, type GqlResult } from '../helpers/graphql';
import { backends, useTestServer } from '../helpers/server';

/** `{ viewer { ...on Viewer { ...on Viewer { … id } } } }`: valid on the schema, any depth (inline fragments count as a level). */
const nested = (depth: number) => {
  const fragments = depth - 2; // viewer and id are two of the levels
  return `query Deep { viewer { ${'... on Viewer { '.repeat(fragments)}id${' }'.repeat(fragments)} } }`;
};
const aliased = (count: number) => `query Many { ${Array.from({ length: count }, (_, i) => `v${i}: viewer { id }`).join(' ')} }`;

function refusedWith(result: GqlResult, pattern: RegExp) {
  expect(result.data ?? null).toBeNull();
  expect(result.errors?.map((e) => e.message).join('\n')).toMatch(pattern);
}

describe.each(backends(import.meta.url))('GraphQL armor limits on %s', (backend) => {
  const t = useTestServer(backend);

  it('accepts a query 10 levels deep and refuses one 11 levels deep', async () => {
    expect(ok(await t.gql(nested(10)))).toEqual({ viewer: null });
    refusedWith(await t.gql(nested(11)), /depth limit of 10 exceeded, found 11/);
  });

  it('accepts 15 aliases and refuses 16', async () => {
    const fifteen = ok(await t.gql(aliased(15)));
    expect(Object.keys(fifteen)).toHaveLength(15);
    refusedWith(await t.gql(aliased(16)), /Aliases limit of 15 exceeded, found 16/);
  });

  it('refuses a query with too many tokens', async () => {
    const fields = Array.from({ length: 4100 }, () => '__typename').join(' ');
    refusedWith(await t.gql(`query Big { ${fields} }`), /Token limit of 4000 exceeded/);
  });
});
