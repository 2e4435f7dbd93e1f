import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildServer } from '../../server/main';
import { newId } from '../../src/domain/ids';
import { clientInput } from '../factories/salon';
import { graphqlCall, ok } from '../helpers/graphql';
import { DEMO, DEMO_PASSWORD, LOGIN } from '../helpers/operations';

const PUSH = `mutation P($input: PushCommandsInput!) { pushCommands(input: $input) { results { seq ok error } } }`;
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

/**
 * A server stopping (a deploy, `npm start`'s processes on SIGTERM; issue 62 item 3): it takes no new connection,
 * answers the requests in flight, and closes every socket with 1012 (Service Restart), a code the app's socket
 * reconnects after.
 */
describe('graceful stop', () => {
  it('answers a push in flight and closes sockets with 1012', async () => {
    const running = await (await buildServer({ port: 0, dataDir: null, seedDemo: true, log: () => {} })).start();
    const { token, user } = ok(await graphqlCall(running.url, LOGIN, { input: { username: DEMO.owner, password: DEMO_PASSWORD } })).login;

    const socket = new WebSocket(`${running.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
      socket.on('message', (m) => String(m).includes('connection_ack') && resolve());
    });

    // A push whose body is half sent when the stop begins: the request is in flight until the rest arrives.
    const commands = [1, 2, 3].map((seq) => ({
      name: 'client.create',
      seq,
      input: JSON.stringify({ ...clientInput(user.salon.id), lang: 'en' }),
    }));
    const body = Buffer.from(JSON.stringify({ query: PUSH, variables: { input: { clientId: newId(), commands } } }));
    const http = connect(running.port, '127.0.0.1');
    let answer = '';
    http.on('data', (chunk) => (answer += String(chunk)));
    const answered = new Promise<void>((resolve) => http.on('close', () => resolve()));
    http.write(
      `POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}\r\n` +
        `Connection: close\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    http.write(body.subarray(0, 40));
    await until(() => running.requestsInFlight() === 1);

    const stopped = running.stop();
    expect(await closed).toBe(1012);
    await expect(fetch(`${running.url}/graphql?query=%7B__typename%7D`)).rejects.toThrow();
    http.end(body.subarray(40));
    await stopped;
    await answered;

    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    const results = (
      JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { data: { pushCommands: { results: Array<{ ok: boolean }> } } }
    ).data.pushCommands.results;
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
  });
});
