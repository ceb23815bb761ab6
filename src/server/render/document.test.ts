import { JSDOM } from 'jsdom';
import { renderDocument, type BuildAssets } from './document';
import { headTags } from './headTags';

const assets: BuildAssets = {
  boot: '/assets/boot.js',
  entry: { js: ['/assets/runtime.js', '/assets/main.js'], css: ['/assets/main.css'] },
  chunks: { 'page-news': { js: ['/assets/16.js', '/assets/page-news.js'], css: ['/assets/main.css', '/assets/page-news.css'] } },
};
const config = { mediaUrl: 'https://media.example.com', variant: 'standard' as const };

describe('the document', () => {
  it('names one script, the boot script, with the page chunks and the entry scripts for it to load, once each', () => {
    const html = renderDocument(assets, { locale: 'en', head: '<title>x</title>', config, chunk: 'page-news', rendered: { html: '<p>hi</p>', state: {} } });
    const [boot, ...others] = new JSDOM(html).window.document.querySelectorAll('script');
    expect(boot?.outerHTML).toBe('<script defer="" src="/assets/boot.js" data-chunks="/assets/16.js /assets/page-news.js" data-entry="/assets/runtime.js /assets/main.js"></script>');
    expect(others.map((script) => script.type)).toEqual(['application/json']);
    expect(html).not.toContain('rel="preload"');
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    expect(styles).toEqual(['/assets/main.css', '/assets/page-news.css']);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="app-config" content="{&quot;mediaUrl&quot;:&quot;https://media.example.com&quot;,&quot;variant&quot;:&quot;standard&quot;}">');
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

describe('head tags', () => {
  it('declare the canonical URL, both languages and x-default, and the previews, escaped', () => {
    const tags = headTags({ locale: 'en', path: '/news/3', origin: 'https://www.example.com', title: 'A "quoted" <title>', description: 'd', image: 'https://media.example.com/p.png', type: 'article' });
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
