import { spawn, type ChildProcess } from 'node:child_process';
import type { ServerOptions } from '../../../server/main';

export interface Usage {
  cpuMs: number;
  /** The part of cpuMs spent in the kernel (sockets, mostly). */
  systemMs: number;
  statements: number;
}

export interface Instance {
  child: ChildProcess;
  url: string;
  /** The instance's CPU time so far (user + system), in ms, and the statements it has sent to PostgreSQL. */
  usage(): Promise<Usage>;
  /** With BENCH_PROFILE_DIR set: profiles what `run` makes the instance do, into DIR/name.cpuprofile. */
  profile(name: string, run: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A server instance in a process of its own (instance.ts), in production mode. `nodeArgs` go before the entry, e.g.
 * `--cpu-prof --cpu-prof-dir=DIR` to profile it; the profile is written when it stops.
 */
export function spawnInstance(options: ServerOptions, nodeArgs: string[] = []): Promise<Instance> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'tests/bench/server/instance.ts'], {
    env: { ...process.env, NODE_ENV: 'production', BENCH_INSTANCE: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const usage = () =>
    new Promise<Usage>((resolve) => {
      child.once('message', (message) => resolve(message as Usage));
      child.send('cpu');
    });
  const ask = (message: string) =>
    new Promise<void>((resolve) => {
      child.once('message', () => resolve());
      child.send(message);
    });
  const profile = async (name: string, run: () => Promise<void>) => {
    if (!process.env.BENCH_PROFILE_DIR) return run();
    await ask('profile-start');
    await run();
    await ask(`profile-stop ${name}`);
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /ready (\S+)/.exec(out);
      if (ready) resolve({ child, url: ready[1] as string, usage, profile, stop });
    });
    child.on('exit', (code) => reject(new Error(`a bench instance exited with ${code}`)));
  });
}
