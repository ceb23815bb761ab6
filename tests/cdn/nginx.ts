/**
 * Debian's nginx as the caching proxy in front of site processes, configured as production is
 * (config/nginx/site-cache-http.conf in http { }, site-cache.conf in server { }), in a folder of
 * its own, on a port of its own.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../src/server/server.testing';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const CONFIG = join(__dirname, '..', '..', 'config', 'nginx');

export interface RunningNginx {
  url: string;
  port: number;
  stop(): Promise<void>;
}

function nginxConfig(dir: string, port: number, upstreams: readonly number[]): string {
  // Started as root, nginx hands its workers to an unprivileged user, who could not open the temp folder.
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  return `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${join(CONFIG, 'site-cache-http.conf')};
  upstream site {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join('\n')}
    keepalive 16;
    keepalive_timeout 4s;
  }
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=site:10m max_size=100m inactive=1h use_temp_path=off;
  server {
    listen 127.0.0.1:${port};
    # The load test keeps 10 connections for tens of thousands of requests. nginx closes a client's
    # connection after 1000 by default, and a request the load tool sends as it closes counts as an
    # error of the tool's, not the site's.
    keepalive_requests 100000;
    include ${join(CONFIG, 'site-cache.conf')};
  }
}
`;
}

/** Starts nginx in `dir` in front of the site processes on `upstreams`; `port` when it must be known before (0: a free one). */
export async function startNginx(dir: string, upstreams: readonly number[], port = 0): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`nginx is missing (${NGINX}): apt-get install -y nginx (npm test does, run as root)`);
  const listen = port || (await freePort());
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, listen, upstreams));
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${listen}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGQUIT');
    await exited;
  };
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      await fetch(`${url}/healthz`);
      return { url, port: listen, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await stop();
  throw new Error(`nginx did not start: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
}
