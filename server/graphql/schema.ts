import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSchema } from 'graphql-yoga';
import { accessResolvers } from '../modules/access/resolvers';
import { salonResolvers } from '../modules/salons/resolvers';
import type { Context } from './context';

const SDL_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'schema.graphql');

const HEARTBEAT_MS = 25_000;

async function* heartbeat(): AsyncGenerator<{ heartbeat: number }> {
  for (;;) {
    yield { heartbeat: Date.now() };
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS));
  }
}

export function buildSchema() {
  return createSchema<Context>({
    typeDefs: readFileSync(SDL_PATH, 'utf8'),
    resolvers: {
      Query: { ...accessResolvers.Query, ...salonResolvers.Query },
      Mutation: { ...accessResolvers.Mutation, ...salonResolvers.Mutation },
      Subscription: {
        heartbeat: { subscribe: heartbeat },
      },
    },
  });
}
