import { readdirSync, readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { MUTATIONS } from '../server/graphql/schema';
import type { CommandResolver } from '../server/sync/command-resolver';
import { LOCAL_COMMANDS } from '../src/db/commands';
import { COMMAND_NAMES, COMMANDS, screenOfForm, type CommandName } from '../src/domain/commands/catalogue';
import { COMMAND_CHECKS } from '../src/domain/commands/checks';
import { COMMAND_INPUTS } from '../src/domain/commands/inputs';
import en from '../src/i18n/messages/en.json';
import type { MessageId } from '../src/i18n/messages/message-id';

/**
 * The command catalogue (src/domain/commands/catalogue.ts) is the one list of commands: every name in it
 * has a local command, an input schema, a mutation of the spec's schema that the server runs it as, a label
 * in every catalog, a screen and a shared check that the local command and the server's service both call;
 * and nothing outside it is a command. The type checker holds the local commands and the server's services
 * to the catalogue (src/db/commands/local-commands.ts, server/sync/command-mutations.ts); this holds the rest.
 */
const routes = readFileSync(new URL('../src/routeTree.gen.ts', import.meta.url), 'utf8');
const sdl = buildSchema(readFileSync(new URL('../server/schema.graphql', import.meta.url), 'utf8'));
const mutationFields = sdl.getMutationType()?.getFields() ?? {};
const sources = (dir: string, keep: (file: string) => boolean): Array<[string, string]> =>
  readdirSync(new URL(`../${dir}`, import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter(keep)
    .map((file) => [`${dir}/${file}`, readFileSync(new URL(`../${dir}/${file}`, import.meta.url), 'utf8')]);
const localCommands = sources('src/db/commands', (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const serverServices = sources('server/modules', (f) => f.endsWith('service.ts'));
const callers = (files: Array<[string, string]>, check: string) =>
  files.filter(([, text]) => text.includes(`${check}(`)).map(([file]) => file);
const serverResolvers = Object.values(MUTATIONS as Record<string, unknown>).filter(
  (r): r is CommandResolver => typeof r === 'function' && 'command' in r,
);

describe('command catalogue', () => {
  it('has every local command and no other', () => {
    expect(Object.keys(LOCAL_COMMANDS).sort()).toEqual([...COMMAND_NAMES].sort());
  });

  it.each(COMMAND_NAMES)('%s: local command, schema, mutation of the spec, server resolver, screen', (name) => {
    expect(LOCAL_COMMANDS[name].name).toBe(name);
    expect(COMMAND_INPUTS[name]).toBeDefined();
    const { mutation, screen, forms } = COMMANDS[name];
    expect(mutationFields[mutation]?.args.map((a) => a.name)).toEqual(['input']);
    // The server runs the mutation as this command, or (a move) as the command it shares the mutation with.
    const resolver = (MUTATIONS as Record<string, unknown>)[mutation] as CommandResolver | undefined;
    expect(resolver?.command).toBeDefined();
    expect(COMMANDS[resolver?.command as CommandName].mutation).toBe(mutation);
    // A folder's index route is '/x/': its screen '/x' opens it.
    expect([`fullPath: '${screen}'`, `fullPath: '${screen}/'`].some((path) => routes.includes(path))).toBe(true);
    for (const form of forms) expect(screenOfForm(form)).toBe(screen);
  });

  it.each(COMMAND_NAMES)('%s: one shared check, called by the local command and by the server', (name) => {
    const check = COMMAND_CHECKS[name].name;
    expect(check).toMatch(/^check[A-Z]/);
    expect(callers(localCommands, check), `${check} in src/db/commands`).not.toEqual([]);
    expect(callers(serverServices, check), `${check} in server/modules`).not.toEqual([]);
  });

  it('has no server command outside the catalogue, and one command per mutation on the server', () => {
    expect(serverResolvers.map((r) => r.command).filter((n) => !COMMAND_NAMES.includes(n))).toEqual([]);
    const mutations = serverResolvers.map((r) => COMMANDS[r.command].mutation);
    expect(new Set(mutations).size).toBe(mutations.length);
  });

  it('has a label for every command in the catalogs, held by the type checker', () => {
    // lv and ru hold the keys of en (src/i18n/catalogs.test.ts).
    expectTypeOf<`command.${CommandName}`>().toExtend<MessageId>();
    expect(COMMAND_NAMES.filter((name) => !(`command.${name}` in en))).toEqual([]);
  });
});
