/**
 * A scale-out deployment of real processes for the fault tests: server nodes (the real entry
 * point, as `npm run serve` runs it) on one PostgreSQL schema and a Redis of the test's own,
 * behind nginx (Debian's, `/usr/sbin/nginx`, run in the foreground as a child with a temporary
 * configuration on a free port; the system's nginx is never touched). `stop()` kills every
 * process it started, whatever state the test left them in.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { STEP_MS, budget } from './budget';
import { runMain, type Run } from './process';
import { OwnRedis, freePort } from './redis';
import { PG_URL, withPg } from './server';
import { until } from './until';

export const NGINX = '/usr/sbin/nginx';
export const hasNginx = existsSync(NGINX);

/** The nginx configuration the README gives, with this deployment's ports and folders. */
export function nginxConfig(options: { listen: number; nodes: number[]; dir: string }): string {
  const { dir } = options;
  return `daemon off;
master_process off;
worker_processes 1;
worker_rlimit_nofile 16384;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
# Two connections per socket (the client's and the node's).
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  upstream paichat {
${options.nodes.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=1s;`).join('\n')}
    # Idle connections kept to the nodes: above the requests in flight, or each one beyond it
    # costs a new TCP connection to a node.
    keepalive 512;
    keepalive_requests 100000;
  }
  server {
    listen 127.0.0.1:${options.listen};
    client_max_body_size 60m;
    location / {
      proxy_pass http://paichat;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 75s;
      proxy_send_timeout 75s;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

/**
 * Every process a cluster started, killed when this process exits however it exits (a
 * benchmark that throws during setup never reaches its own cleanup).
 */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export interface Node {
  port: number;
  nodeId: string;
  run: Run | null;
}

export class Cluster {
  readonly nodes: Node[];
  private nginx: ChildProcess | null = null;
  private readonly env: Record<string, string>;

  private constructor(
    readonly dir: string,
    private readonly ownRedis: OwnRedis | null,
    private readonly schema: string,
    readonly url: string,
    ports: number[],
    env: Record<string, string>,
  ) {
    const separator = PG_URL.includes('?') ? '&' : '?';
    this.env = {
      DATABASE_URL: `${PG_URL}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      ...(ownRedis ? { REDIS_URL: ownRedis.url, REDIS_PREFIX: `${schema}:` } : {}),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      HOST: '127.0.0.1',
      CAPTCHA: 'off',
      RATE_LIMITS: 'off',
      DEMO_DATA: 'off',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dir, 'no-web-dist'),
      ...env,
    };
    this.nodes = ports.map((port, i) => ({ port, nodeId: `node-${i}`, run: null }));
  }

  /**
   * `size` node ports behind nginx; the first `started` nodes are started, one after the other.
   * Without `redis` (one node on PostgreSQL, in-process bus) or `nginx` (clients talk to node 0).
   */
  /** What `start(…, started)` may wait for: Redis, each node one after the other, nginx. */
  static startBudget(started: number): number {
    return budget(STEP_MS.redis, ...Array<number>(started).fill(STEP_MS.process), STEP_MS.nginx);
  }

  static async start(
    size: number,
    started = size,
    options: { redis?: boolean; nginx?: boolean; env?: Record<string, string> } = {},
  ): Promise<Cluster> {
    const dir = mkdtempSync(path.join(tmpdir(), 'paichat-cluster-'));
    const schema = `f_${randomBytes(6).toString('hex')}`;
    let redis: OwnRedis | null = null;
    let cluster: Cluster | null = null;
    try {
      if (options.redis !== false) redis = await OwnRedis.start();
      await withPg((c) => c.query(`create schema "${schema}"`));
      const ports: number[] = [];
      for (let i = 0; i < size; i += 1) ports.push(await freePort());
      const listen = options.nginx === false ? ports[0]! : await freePort();
      cluster = new Cluster(dir, redis, schema, `http://127.0.0.1:${listen}`, ports, options.env ?? {});
      // One after the other: the first migrates the empty schema.
      for (let i = 0; i < started; i += 1) await cluster.startNode(i);
      if (options.nginx !== false) {
        writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig({ listen, nodes: ports, dir }));
        cluster.nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
        children.add(cluster.nginx);
        await cluster.waitFor(
          async () => (await fetch(`${cluster!.url}/healthz`)).ok,
          'nginx',
          STEP_MS.nginx,
        );
      }
      return cluster;
    } catch (error) {
      if (cluster) await cluster.stop();
      else {
        await redis?.kill();
        await withPg((c) => c.query(`drop schema if exists "${schema}" cascade`)).catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      }
      throw error;
    }
  }

  async startNode(index: number): Promise<void> {
    const node = this.nodes[index]!;
    node.run = runMain({
      ...this.env,
      PORT: String(node.port),
      NODE_ID: node.nodeId,
      DATA_DIR: path.join(this.dir, node.nodeId),
    });
    children.add(node.run.child);
    const run = node.run;
    await this.waitFor(
      async () => {
        if (run.child.exitCode !== null) throw new Error(`node ${index} exited:\n${run.stderr()}`);
        return (await fetch(`http://127.0.0.1:${node.port}/healthz`)).ok;
      },
      `node ${index}`,
      STEP_MS.process,
    );
  }

  get redis(): OwnRedis {
    if (!this.ownRedis) throw new Error('this deployment runs without Redis');
    return this.ownRedis;
  }

  /** The running nodes' process ids. */
  get pids(): number[] {
    return this.nodes.flatMap((node) =>
      node.run?.child.exitCode === null && node.run.child.pid ? [node.run.child.pid] : [],
    );
  }

  /** kill -9: no shutdown, no goodbye to its sockets. */
  async kill(index: number): Promise<void> {
    const run = this.nodes[index]!.run;
    if (!run || run.child.exitCode !== null || run.child.signalCode !== null) return;
    run.child.kill('SIGKILL');
    await run.exited;
  }

  /** SIGTERM, as an orchestrator stops a node: answers how the process exited. */
  async terminate(index: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const run = this.nodes[index]!.run!;
    run.child.kill('SIGTERM');
    return run.exited;
  }

  /** How many requests to `path` this node's log shows it answered. */
  answered(index: number, route: string): number {
    const out = this.nodes[index]?.run?.stdout() ?? '';
    return out.split('\n').filter((line) => line.includes('"incoming request"') && line.includes(route))
      .length;
  }

  waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
    return until(check, what, { timeoutMs });
  }

  async stop(): Promise<void> {
    this.nginx?.kill('SIGKILL');
    for (let i = 0; i < this.nodes.length; i += 1) await this.kill(i);
    await this.ownRedis?.kill();
    await withPg((c) => c.query(`drop schema if exists "${this.schema}" cascade`)).catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}
