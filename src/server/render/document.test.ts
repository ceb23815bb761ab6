import { JSDOM } from 'jsdom';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBuildAssets, renderDocument, type BuildAssets } from './document';
import { headTags } from './headTags';

const assets: BuildAssets = {
  boot: { source: 'boot()', hash: "'sha256-x'" },
  entry: { js: ['/assets/runtime.js', '/assets/main.js'], css: ['/assets/main.css'] },
  chunks: { 'page-news': { js: ['/assets/16.js', '/assets/page-news.js'], css: ['/assets/main.css', '/assets/page-news.css'] } },
  styles: { '/assets/main.css': 'body{margin:0}', '/assets/page-news.css': '.news{color:red}' },
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

describe('the build assets', () => {
  const distWith = (boot: string, css = 'body{margin:0}') => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'boot.1.js'), boot);
    writeFileSync(join(dist, 'assets', 'main.1.css'), css);
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
