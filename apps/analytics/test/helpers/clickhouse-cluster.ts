/**
 * A throw-away two-shard ClickHouse cluster on loopback, for tests and benchmarks: Debian's `clickhouse-server`
 * (18.16 in CI) started twice as child processes, each with its own config, ports and data folder in a temp dir, and
 * one `remote_servers` entry naming both as shards.
 *
 * ```ts
 * const cluster = await startClickHouseCluster();
 * cluster.url; // http://127.0.0.1:<first node's http port>
 * await cluster.stop();
 * ```
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where Debian puts the server; `CLICKHOUSE_SERVER` names another binary. */
export function clickHouseServerBinary(): string | undefined {
  const candidates = [
    process.env['CLICKHOUSE_SERVER'],
    '/usr/bin/clickhouse-server',
    '/usr/sbin/clickhouse-server',
  ];
  return candidates.find((path): path is string => path !== undefined && path !== '' && existsSync(path));
}

export interface ClickHouseNode {
  readonly httpPort: number;
  readonly tcpPort: number;
  readonly url: string;
}

export interface ClickHouseCluster {
  /** The first node's HTTP URL: where the service and the loader connect. */
  readonly url: string;
  /** The `remote_servers` entry naming both shards. */
  readonly clusterName: string;
  readonly nodes: readonly ClickHouseNode[];
  /** Stops both servers and removes their folders. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

function nodeConfig(
  folder: string,
  node: { httpPort: number; tcpPort: number; interserverPort: number },
  shards: readonly number[],
  clusterName: string,
): string {
  const shardXml = shards
    .map((tcpPort) => `<shard><replica><host>127.0.0.1</host><port>${tcpPort}</port></replica></shard>`)
    .join('');
  return `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${folder}/server.log</log><errorlog>${folder}/error.log</errorlog><console>0</console></logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${node.httpPort}</http_port>
  <tcp_port>${node.tcpPort}</tcp_port>
  <interserver_http_port>${node.interserverPort}</interserver_http_port>
  <interserver_http_host>127.0.0.1</interserver_http_host>
  <path>${folder}/data/</path>
  <tmp_path>${folder}/tmp/</tmp_path>
  <user_files_path>${folder}/user_files/</user_files_path>
  <format_schema_path>${folder}/format_schemas/</format_schema_path>
  <users_config>${folder}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>268435456</mark_cache_size>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <max_concurrent_queries>100</max_concurrent_queries>
  <timezone>UTC</timezone>
  <remote_servers><${clusterName}>${shardXml}</${clusterName}></remote_servers>
</yandex>
`;
}

const USERS_XML = `<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>2000000000</max_memory_usage><max_threads>2</max_threads></default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks><profile>default</profile><quota>default</quota></default></users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
`;

/** The uid/gid of Debian's `clickhouse` user, when this process is root (the server is run as it). */
function clickhouseUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = spawnSync('id', ['-u', 'clickhouse'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'clickhouse'], { encoding: 'utf8' });
  if (id.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function waitForPing(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`clickhouse-server exited with ${child.exitCode}: ${output().slice(-2000)}`);
    }
    try {
      const answer = await fetch(`${url}/ping`);
      if (answer.ok && (await answer.text()).startsWith('Ok')) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `clickhouse-server at ${url} did not answer /ping within ${timeoutMs} ms: ${output().slice(-2000)}`,
  );
}

export interface StartClusterOptions {
  readonly shards?: number;
  readonly clusterName?: string;
  /** Default 60 s. */
  readonly startTimeoutMs?: number;
}

/** Starts the cluster and resolves when every node answers `/ping`. */
export async function startClickHouseCluster(options: StartClusterOptions = {}): Promise<ClickHouseCluster> {
  const binary = clickHouseServerBinary();
  if (binary === undefined)
    throw new Error('clickhouse-server is not installed (apt-get install clickhouse-server)');
  const clusterName = options.clusterName ?? 'portico';
  const shardCount = options.shards ?? 2;
  const root = await mkdtemp(join(tmpdir(), 'portico-clickhouse-'));
  const user = clickhouseUser();
  const ports = [];
  for (let i = 0; i < shardCount; i += 1) {
    ports.push({ httpPort: await freePort(), tcpPort: await freePort(), interserverPort: await freePort() });
  }
  const children: ChildProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await rm(root, { recursive: true, force: true });
  };
  try {
    if (user !== undefined) await chown(root, user.uid, user.gid);
    await chmod(root, 0o700);
    const nodes: ClickHouseNode[] = [];
    for (const [i, node] of ports.entries()) {
      const folder = join(root, `node${i}`);
      for (const sub of ['', 'data', 'tmp', 'user_files', 'format_schemas']) {
        await mkdir(join(folder, sub), { recursive: true });
        if (user !== undefined) await chown(join(folder, sub), user.uid, user.gid);
      }
      const config = join(folder, 'config.xml');
      await writeFile(
        config,
        nodeConfig(
          folder,
          node,
          ports.map((p) => p.tcpPort),
          clusterName,
        ),
      );
      await writeFile(join(folder, 'users.xml'), USERS_XML);
      if (user !== undefined) {
        await chown(config, user.uid, user.gid);
        await chown(join(folder, 'users.xml'), user.uid, user.gid);
      }
      let output = '';
      const child = spawn(binary, [`--config-file=${config}`], {
        cwd: folder,
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(user === undefined ? {} : { uid: user.uid, gid: user.gid }),
        env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: folder, TZ: 'UTC' },
      });
      const keep = (chunk: Buffer): void => {
        output = (output + chunk.toString()).slice(-8000);
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      children.push(child);
      const url = `http://127.0.0.1:${node.httpPort}`;
      nodes.push({ httpPort: node.httpPort, tcpPort: node.tcpPort, url });
      await waitForPing(url, child, () => output, options.startTimeoutMs ?? 60_000);
    }
    const first = nodes[0];
    if (first === undefined) throw new Error('a cluster needs at least one node');
    return { url: first.url, clusterName, nodes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
