import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderDocument, type BuildAssets } from '../../src/server/render/document';
import { startScriptFreeProxy, type ScriptFreeProxy } from './scriptFree';

const assets: BuildAssets = {
  boot: { source: 'document.body.dataset.booted = "yes"', hash: "'sha256-x'" },
  entry: { js: ['/assets/main.js'], css: ['/assets/main.css'] },
  chunks: { 'page-news': { js: ['/assets/page-news.js'], css: [] } },
  styles: {},
  icon: 'data:,',
};
const page = renderDocument(assets, {
  locale: 'zh',
  head: '<title>新闻</title>',
  config: { mediaUrl: '', variant: 'standard' },
  chunk: 'page-news',
  rendered: { html: '<h1>新闻动态</h1>', state: { news: [] } },
});

let origin: Server;
let proxy: ScriptFreeProxy;
beforeAll(async () => {
  origin = createServer((request, response) => {
    if (request.url === '/assets/main.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end('app()');
    const html = request.url === '/changed' ? page.replace('data-entry', 'data-start') : page;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  }).listen(0, '127.0.0.1');
  await once(origin, 'listening');
  proxy = await startScriptFreeProxy(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await proxy.close();
  origin.close();
});

const get = (path: string, accept = 'text/html') => fetch(`${proxy.url}${path}`, { headers: { accept } });

describe('the script-free twin', () => {
  it('is the page the document renders, without its boot script and nothing else', async () => {
    const response = await get('/news');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(page).toContain('data-entry="/assets/main.js"');
    expect(html).not.toContain('document.body.dataset.booted');
    expect(html).not.toContain('data-entry');
    expect(html).toContain('<h1>新闻动态</h1>');
    expect(html).toContain('<script type="application/json"'); // the state stays: it does not run
    expect(html.length).toBeGreaterThan(page.length - assets.boot.source.length - 120);
  });

  it('refuses a page whose boot script it no longer recognises, rather than serving the page as its own twin', async () => {
    const response = await get('/changed');
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('no boot script to take out');
  });

  it('passes scripts and other files through unchanged', async () => {
    const response = await get('/assets/main.js', '*/*');
    expect(await response.text()).toBe('app()');
  });
});
