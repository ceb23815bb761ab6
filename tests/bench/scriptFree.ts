/**
 * The machine's floor for a page's Lighthouse figures: the same server-rendered page with its
 * one script taken out, served by a loopback proxy in front of the site. What a page loses
 * beyond this floor is its scripts' doing; what the floor itself loses is the browser laying out
 * text and pictures on this machine (a Chinese page's first layout loads the system CJK face).
 */
import { once } from 'node:events';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** The inline boot script of src/server/render/document.ts: the page's only executable script. */
const BOOT_SCRIPT = /<script data-chunks="[^"]*" data-entry="[^"]*">[\s\S]*?<\/script>\n?/g;

export interface ScriptFreeProxy {
  url: string;
  close(): Promise<void>;
}

export async function startScriptFreeProxy(origin: string): Promise<ScriptFreeProxy> {
  const target = new URL(origin);
  const server = createServer((incoming, outgoing) => {
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: target.host };
    // Pages are rewritten, so they come uncompressed and are compressed again here.
    const wantsPage = (incoming.headers.accept ?? '').includes('text/html');
    if (wantsPage) headers['accept-encoding'] = 'identity';
    const upstream = request({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers }, (response) => {
      const isPage = (response.headers['content-type'] ?? '').startsWith('text/html');
      if (!isPage || !wantsPage) {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const original = Buffer.concat(chunks).toString('utf8');
        const html = original.replace(BOOT_SCRIPT, '');
        if (html === original && response.statusCode === 200) {
          // The twin would be the page itself and every pair would look even: say so loudly instead.
          console.error(`script-free twin: no boot script found in ${incoming.url}; BOOT_SCRIPT no longer matches document.ts`);
          outgoing.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          outgoing.end('no boot script to take out');
          return;
        }
        const gzip = (incoming.headers['accept-encoding'] ?? '').includes('gzip');
        const body = gzip ? gzipSync(html) : Buffer.from(html);
        // The body is whole now: its own length, never the upstream's length or chunking.
        const { etag: _etag, 'content-length': _length, 'transfer-encoding': _chunked, ...kept } = response.headers;
        outgoing.writeHead(response.statusCode ?? 502, { ...kept, 'content-length': body.length, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
        outgoing.end(body);
      });
    });
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
