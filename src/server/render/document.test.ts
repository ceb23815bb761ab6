import { JSDOM } from 'jsdom';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBuildAssets, renderDocument, svgDataUrl, type BuildAssets } from './document';
import { headTags } from './headTags';

const assets: BuildAssets = {
  boot: { source: 'boot()', hash: "'sha256-x'" },
  entry: { js: ['/assets/runtime.js', '/assets/main.js'], css: ['/assets/main.css'] },
  chunks: { 'page-news': { js: ['/assets/16.js', '/assets/page-news.js'], css: ['/assets/main.css', '/assets/page-news.css'] } },
  styles: { '/assets/main.css': 'body{margin:0}', '/assets/page-news.css': '.news{color:red}' },
  icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E",
};
const config = { mediaUrl: 'https://media.example.com', variant: 'standard' as const };

describe('the document', () => {
  it('has one script, the boot script inline after the content, with the page chunks and the entry scripts for it to load, once each', () => {
    const html = renderDocument(assets, { locale: 'en', head: '<title>x</title>', config, chunk: 'page-news', rendered: { html: '<p>hi</p>', state: {} } });
    const [state, boot, ...others] = new JSDOM(html).window.document.querySelectorAll('script');
    expect(state?.type).toBe('application/json');
    expect(boot?.outerHTML).toBe('<script data-chunks="/assets/16.js /assets/page-news.js" data-entry="/assets/runtime.js /assets/main.js">boot()</script>');
    expect(boot?.nextElementSibling).toBeNull();
    expect(others).toEqual([]);
    expect(html).not.toContain('rel="preload"');
    // The CSS inline, in the chunks' order, named for webpack's CSS runtime; no style sheet to wait for.
    const styles = [...html.matchAll(/<style data-href="([^"]+)">([^<]*)<\/style>/g)].map((m) => [m[1], m[2]]);
    expect(styles).toEqual([
      ['/assets/main.css', 'body{margin:0}'],
      ['/assets/page-news.css', '.news{color:red}'],
    ]);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html.indexOf('<style')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(
      '<meta name="app-config" content="{&quot;mediaUrl&quot;:&quot;https://media.example.com&quot;,&quot;variant&quot;:&quot;standard&quot;}">',
    );
    expect(html.indexOf('<meta charset="utf-8">')).toBeLessThan(1024);
  });

  it('carries the state as an escaped data block that cannot end early', () => {
    const state = { content: '</script><script>alert(1)</script>\u2028' };
    const html = renderDocument(assets, { locale: 'zh', head: '', config, rendered: { html: '', state } });
    const block = /<script type="application\/json" id="app-state">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(block)).toEqual(state);
  });

  it('is the shell without a rendered tree: empty root, no state', () => {
    const html = renderDocument(assets, { locale: 'zh', head: '', config });
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('app-state');
  });
});

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">\n  <circle cx="48" cy="48" r="46" fill="#0b6e6e"/>\n  <text font-family="\'Noto Sans\'">药 &amp; 🌿</text>\n</svg>\n';

describe('the build assets', () => {
  const dists: string[] = [];
  afterAll(() => dists.forEach((dist) => rmSync(dist, { recursive: true, force: true })));
  const distWith = (boot: string, css = 'body{margin:0}') => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    dists.push(dist);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'boot.1.js'), boot);
    writeFileSync(join(dist, 'assets', 'main.1.css'), css);
    writeFileSync(join(dist, 'favicon.svg'), FAVICON);
    writeFileSync(
      join(dist, 'manifest.json'),
      JSON.stringify({ boot: { js: ['/assets/boot.1.js'], css: [] }, main: { js: ['/assets/main.1.js'], css: ['/assets/main.1.css'] } }),
    );
    return dist;
  };

  it('read the CSS files the chunks name, to inline them, and refuse one that would end its tag early', () => {
    expect(readBuildAssets(distWith('go()')).styles).toEqual({ '/assets/main.1.css': 'body{margin:0}' });
    expect(() => readBuildAssets(distWith('go()', 'a{content:"</style>"}'))).toThrow('cannot be inlined');
  });

  it("read the boot script's source without its source map comment, and hash exactly what is inlined", () => {
    const { boot } = readBuildAssets(distWith('(()=>{go()})();\n//# sourceMappingURL=boot.1.js.map'));
    expect(boot.source).toBe('(()=>{go()})();');
    expect(boot.hash).toBe(`'sha256-${createHash('sha256').update('(()=>{go()})();').digest('base64')}'`);
  });

  it('carry the icon in the page, as a data: URL that draws the same picture: no request of its own; a PNG of it at a URL where asked', async () => {
    const { icon } = readBuildAssets(distWith('go()'));
    expect(icon).toMatch(/^data:image\/svg\+xml,%3Csvg%20/);
    expect(icon).not.toMatch(/["<>&\s]/); // a valid URL, safe inside a double-quoted attribute as it is
    const drawn = await (await fetch(icon)).text();
    const shapes = (svg: string) => new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document.documentElement.outerHTML.replace(/\s+/g, ' ');
    expect(shapes(drawn)).toBe(shapes(FAVICON));
    // Its double quotes as single ones, when that cannot end a value early.
    expect(svgDataUrl('<svg a="1">\n</svg>')).toBe("data:image/svg+xml,%3Csvg%20a='1'%3E%20%3C/svg%3E");
    const html = new JSDOM(renderDocument({ ...assets, icon }, { locale: 'zh', head: '', config })).window.document;
    expect(html.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(icon);
    expect(html.querySelector('link[rel="apple-touch-icon"]')).toBeNull();
    const crawlable = new JSDOM(renderDocument({ ...assets, icon }, { locale: 'zh', head: '', config, crawlableIcon: true })).window.document;
    expect(crawlable.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(icon);
    expect(crawlable.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe('/apple-touch-icon.png');
  });

  it('refuse a boot script that would end its inline tag early', () => {
    expect(() => readBuildAssets(distWith('a="</script><script>x()"'))).toThrow('cannot be inlined');
  });
});

describe('head tags', () => {
  it('declare the canonical URL, both languages and x-default, and the previews, escaped', () => {
    const tags = headTags({
      locale: 'en',
      path: '/news/3',
      origin: 'https://www.example.com',
      title: 'A "quoted" <title>',
      description: 'd',
      image: 'https://media.example.com/p.png',
      type: 'article',
    });
    expect(tags).toContain('<link rel="canonical" href="https://www.example.com/en/news/3">');
    expect(tags).toContain('<link rel="alternate" hreflang="zh-CN" href="https://www.example.com/news/3">');
    expect(tags).toContain('<link rel="alternate" hreflang="en" href="https://www.example.com/en/news/3">');
    expect(tags).toContain('<link rel="alternate" hreflang="x-default" href="https://www.example.com/news/3">');
    expect(tags).toContain('<title>A &quot;quoted&quot; &lt;title&gt;</title>');
    expect(tags).toContain('<meta property="og:url" content="https://www.example.com/en/news/3">');
    expect(tags).toContain('<meta property="og:locale" content="en_US">');
    expect(tags).toContain('<meta property="og:locale:alternate" content="zh_CN">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
  });
});
