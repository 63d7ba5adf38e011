import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTART_POLICY, restartDelay } from '../../scripts/supervisor.mjs';

// `npm start` itself, as a person runs it (npm → sh → the launcher → three servers), on free ports and a temporary
// data directory: a server that stops is restarted while the others keep serving, and whatever stops npm or the
// launcher stops every process and frees every port.

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-npm-start-'));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Every process below `pid`, from /proc: pid → its command line. */
function descendants(pid: number): Map<number, string> {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const found = new Map<number, string>();
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      let command = '';
      try {
        command = readFileSync(`/proc/${child}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        continue;
      }
      found.set(child, command);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const listening = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
}

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return 0;
  }
}

interface Stack {
  npm: ChildProcess;
  ports: { portal: number; identity: number; analytics: number };
  output: () => string;
  /** The launcher and each server, by a part of its command line. */
  pid: (command: string) => number;
  /** npm and every process below it, as they were when the stack was ready. */
  everyPid: number[];
}

async function startStack(): Promise<Stack> {
  const ports = { portal: await freePort(), identity: await freePort(), analytics: await freePort() };
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORTICO_DATA_DIR: dataDir,
      PORTAL_PORT: String(ports.portal),
      IDENTITY_PORT: String(ports.identity),
      ANALYTICS_PORT: String(ports.analytics),
      ANALYTICS_DATA_SCALE: '0.05',
      PORTAL_SAMPLE_ARTIFACT_BYTES: '4096',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await until('npm start says Portico is running', () => output.includes('Portico is running.'), 170_000);
  const pid = (command: string): number => {
    // The node process itself, not the `sh -c` npm runs it with.
    const found = [...descendants(npm.pid ?? 0)].find(
      ([, line]) => line.includes(command) && !line.startsWith('sh '),
    );
    if (found === undefined) throw new Error(`no process running ${command}:\n${output}`);
    return found[0];
  };
  return {
    npm,
    ports,
    output: () => output,
    pid,
    everyPid: [npm.pid ?? 0, ...descendants(npm.pid ?? 0).keys()],
  };
}

async function expectAllGone(stack: Stack): Promise<void> {
  await until(
    'every process of the stack has exited',
    () => stack.everyPid.every((pid) => !alive(pid)),
    20_000,
  );
  for (const port of Object.values(stack.ports)) expect(await listening(port)).toBe(false);
}

describe('the restart backoff', () => {
  it('waits 1 s, doubles while the server keeps failing up to 30 s, and starts over after a minute up', () => {
    const delays: number[] = [];
    let delay: number | undefined;
    for (let i = 0; i < 7; i++) delays.push((delay = restartDelay(delay, 2_000)));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(restartDelay(30_000, RESTART_POLICY.resetAfterMs)).toBe(1_000);
  });
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  }, 180_000);
  afterAll(async () => {
    for (const pid of stack?.everyPid ?? []) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it('restarts the analytics service when it stops, while the portal keeps answering', async () => {
    const portal = `http://127.0.0.1:${stack.ports.portal}`;
    const analytics = `http://127.0.0.1:${stack.ports.analytics}`;
    const before = stack.pid('apps/analytics/src/server.ts');
    expect(await status(`${analytics}/readyz`)).toBe(200);

    process.kill(before, 'SIGTERM'); // a clean exit (code 0) is restarted too
    const answers: number[] = [];
    await until(
      'the analytics service is back',
      async () => {
        answers.push(await status(`${portal}/readyz`));
        return (await status(`${analytics}/readyz`)) === 200 && !alive(before);
      },
      60_000,
    );

    expect(stack.pid('apps/analytics/src/server.ts')).not.toBe(before);
    expect(answers.length).toBeGreaterThan(1);
    expect(answers.every((answer) => answer === 200)).toBe(true);
    expect(stack.output()).toMatch(
      /\[analytics\] stopped unexpectedly \(exit code 0\); restarting it in 1 s while the others keep running\./,
    );
    expect(await status(`http://127.0.0.1:${stack.ports.identity}/healthz`)).toBe(200);
  }, 90_000);

  it('stops the launcher and every server, and frees their ports, when npm is sent SIGTERM', async () => {
    // What the last test restarted belongs to the stack too.
    stack.everyPid = [...new Set([...stack.everyPid, ...descendants(stack.npm.pid ?? 0).keys()])];
    expect(stack.everyPid.length).toBeGreaterThanOrEqual(5); // npm, the launcher, three servers (and tsx's helpers)
    stack.npm.kill('SIGTERM');
    await expectAllGone(stack);
  }, 30_000);
});

describe.each([
  ['SIGINT to npm (kill -INT)', 'npm', 'SIGINT'],
  ['SIGHUP to the launcher (a closed terminal)', 'launcher', 'SIGHUP'],
  ['SIGKILL to the launcher (the servers notice it is gone)', 'launcher', 'SIGKILL'],
] as const)('npm start, on %s', (_name, target, signal) => {
  it('stops every process and frees every port', async () => {
    const stack = await startStack();
    try {
      process.kill(target === 'npm' ? (stack.npm.pid ?? 0) : stack.pid('scripts/start.mjs'), signal);
      await expectAllGone(stack);
    } finally {
      for (const pid of stack.everyPid) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }, 240_000);
});
