import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningStack {
  portalUrl: string;
  identityUrl: string;
  analyticsUrl: string;
  dataDir: string;
  output: () => string;
  /** Sends Ctrl+C (SIGINT) like a user would and resolves with the exit code. */
  stop: () => Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Runs `npm start`'s script on an empty data directory and free ports, resolving once it says it is running.
 * A port found free can be taken by another process (an outgoing connection's ephemeral port) before the stack
 * listens on it: then the stack is started again on new ports, up to three times.
 */
export async function startStack(extraEnv: Record<string, string> = {}): Promise<RunningStack> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startStackOnce(extraEnv);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.includes('EADDRINUSE')) throw error;
    }
  }
}

async function startStackOnce(extraEnv: Record<string, string>): Promise<RunningStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-e2e-'));
  const [portalPort, identityPort, analyticsPort] = [await freePort(), await freePort(), await freePort()];
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORTICO_DATA_DIR: dataDir,
      PORTAL_PORT: String(portalPort),
      IDENTITY_PORT: String(identityPort),
      ANALYTICS_PORT: String(analyticsPort),
      LOG_LEVEL: 'warn',
      // `npm start` shows the sample welcome dialog once per user; journeys that are not about it go without it.
      PORTAL_SHOW_WELCOME_MESSAGE: 'false',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Portico is running.')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    void exited.then((code) => {
      clearInterval(timer);
      rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`npm start exited with code ${code} before it was ready:\n${output}`));
    });
  });

  return {
    portalUrl: `http://localhost:${portalPort}`,
    identityUrl: `http://localhost:${identityPort}`,
    analyticsUrl: `http://localhost:${analyticsPort}`,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
