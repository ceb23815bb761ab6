/**
 * Pictures an editor inserted into rich text take the media library's alternative text: the
 * provider asks the CMS once per answer, over HTTP, as it asks for content (a fake Strapi here).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStrapiSource } from './source';
import { STAND_IN_ANSWER_MS } from './standIn.testing';

const CMS_ORIGIN = 'http://cms.example:1337';

/** Strapi's news collection (zh, one article) and its picture-texts route, counting what is asked. */
async function fakeStrapi() {
  const state = {
    content: '',
    library: {} as Record<string, string>,
    /** The status picture-texts answers with (200: the texts), and everything while `down`. */
    textsStatus: 200,
    down: false,
    textCalls: [] as string[][],
    /** Every path asked, in order. */
    requests: [] as string[],
    url: '',
    server: undefined as unknown as Server,
  };
  state.server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://strapi');
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    state.requests.push(url.pathname);
    if (state.down) return send(503, { error: { status: 503 } });
    if (url.pathname === '/api/picture-texts') {
      const asked = [...url.searchParams].filter(([key]) => /^url(\[\d+\])?$/.test(key)).map(([, value]) => value);
      state.textCalls.push(asked);
      if (state.textsStatus !== 200) return send(state.textsStatus, { error: { status: state.textsStatus } });
      return send(200, { data: Object.fromEntries(asked.filter((path) => path in state.library).map((path) => [path, state.library[path]])) });
    }
    if (url.pathname === '/api/notices') {
      const notice = { documentId: 'doc2', locale: 'zh', site_id: 3, title: 'Closed on Monday', date: '2026-01-16T01:00:00.000Z', content: state.content };
      return send(200, { data: [notice], meta: { pagination: { total: 1, pageCount: 1 } } });
    }
    if (url.pathname === '/api/jobs') {
      const job = {
        documentId: 'doc3',
        locale: 'zh',
        site_id: 5,
        title: 'Pharmacist',
        type: 'Full time',
        openings: 1,
        area: 'Shanghai',
        opening_status: 'open',
        date: '2026-01-14T01:00:00.000Z',
        content: state.content,
      };
      return send(200, { data: [job], meta: { pagination: { total: 1, pageCount: 1 } } });
    }
    if (url.pathname === '/api/news') {
      const article = {
        documentId: 'doc1',
        locale: 'zh',
        site_id: Number(url.searchParams.get('filters[site_id][$eq]') ?? 7),
        title: 'Spring walk',
        des: '',
        date: '2026-01-15T01:00:00.000Z',
        pic: { url: '/uploads/cover.jpg', alternativeText: 'The cover' },
        content: state.content,
        seo: null,
      };
      return send(200, { data: [article], meta: { pagination: { total: 1, pageCount: 1 } } });
    }
    return send(404, { data: null, error: { status: 404 } });
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

let strapi: Awaited<ReturnType<typeof fakeStrapi>>;
let warnings: string[];
let source: ReturnType<typeof createStrapiSource>;

beforeEach(async () => {
  strapi = await fakeStrapi();
  warnings = [];
  source = createStrapiSource({
    url: strapi.url,
    publicUrl: CMS_ORIGIN,
    token: 't',
    timeoutMs: STAND_IN_ANSWER_MS,
    coolDownMs: 60_000,
    warn: (message) => warnings.push(message),
  });
});

afterEach(async () => {
  strapi.server.closeAllConnections();
  await new Promise((resolve) => strapi.server.close(resolve));
});

const article = async () => (await source.newsDetail(7, 'zh'))!;

describe("a picture inserted into rich text through Strapi's editor", () => {
  it("takes the library's alternative text as its alt, asked once for the whole answer; without one it keeps the editor's", async () => {
    // As Strapi's editor writes them: the CMS's address, the file's name as the alt.
    strapi.content = [
      `![walk.jpg](${CMS_ORIGIN}/uploads/walk.jpg)`,
      `![hall.jpg](${CMS_ORIGIN}/uploads/hall.jpg) and again ![walk.jpg](${CMS_ORIGIN}/uploads/walk.jpg)`,
      '<img src="/uploads/raw.png" alt="raw.png">',
      '![elsewhere](https://elsewhere.example/uploads/walk.jpg)',
    ].join('\n\n');
    strapi.library = { '/uploads/walk.jpg': ' Teams walking by the lake ', '/uploads/hall.jpg': '', '/uploads/raw.png': 'A "raw" <diagram> & more' };

    const { content, pic_alt } = await article();
    expect(content).toBe(
      '<p><img src="/uploads/walk.jpg" alt="Teams walking by the lake"></p>\n' +
        '<p><img src="/uploads/hall.jpg" alt="hall.jpg"> and again <img src="/uploads/walk.jpg" alt="Teams walking by the lake"></p>\n' +
        '<img src="/uploads/raw.png" alt="A &quot;raw&quot; &lt;diagram&gt; &amp; more">\n\n' +
        '<p><img src="https://elsewhere.example/uploads/walk.jpg" alt="elsewhere"></p>',
    );
    expect(pic_alt).toBe('The cover');
    // One call for the answer, naming each of its own in-text pictures once; not the media field.
    expect(strapi.textCalls).toEqual([['/uploads/hall.jpg', '/uploads/raw.png', '/uploads/walk.jpg']]);
    expect(warnings).toEqual([]);
  });

  it('asks nothing more for an answer without in-text pictures: not for its media field, an upload it links to, nor one named in prose', async () => {
    strapi.content = `Plain **text**, [the report](${CMS_ORIGIN}/uploads/report.pdf), /uploads/walk.jpg in prose and a media field.`;
    expect((await article()).content).toBe(
      '<p>Plain <strong>text</strong>, <a href="/uploads/report.pdf">the report</a>, /uploads/walk.jpg in prose and a media field.</p>',
    );
    expect(strapi.requests).toEqual(['/api/news']);
    // The same article once it shows a picture asks for its text.
    strapi.content += `\n\n![walk.jpg](${CMS_ORIGIN}/uploads/walk.jpg)`;
    await article();
    expect(strapi.requests).toEqual(['/api/news', '/api/news', '/api/picture-texts']);
    expect(strapi.textCalls).toEqual([['/uploads/walk.jpg']]);
  });

  it.each([
    ['refuses the call (a token made before the route)', 403],
    ['fails', 500],
  ])("keeps the editor's alt, and the page, when the CMS %s", async (_, status) => {
    strapi.content = `![walk.jpg](${CMS_ORIGIN}/uploads/walk.jpg)`;
    strapi.library = { '/uploads/walk.jpg': 'Teams walking' };
    strapi.textsStatus = status;
    expect((await article()).content).toBe('<p><img src="/uploads/walk.jpg" alt="walk.jpg"></p>');
    expect(warnings.some((warning) => warning.includes("the media library's texts of pictures in rich text could not be read"))).toBe(true);
  });

  it("follows the library: a text edited after the article was published is the alt at the article's next read", async () => {
    strapi.content = `![walk.jpg](${CMS_ORIGIN}/uploads/walk.jpg)`;
    strapi.library = { '/uploads/walk.jpg': 'Teams walking' };
    expect((await article()).content).toBe('<p><img src="/uploads/walk.jpg" alt="Teams walking"></p>');
    strapi.library = { '/uploads/walk.jpg': 'Teams walking by the lake at dawn' };
    expect((await article()).content).toBe('<p><img src="/uploads/walk.jpg" alt="Teams walking by the lake at dawn"></p>');
    strapi.library = {};
    expect((await article()).content).toBe('<p><img src="/uploads/walk.jpg" alt="walk.jpg"></p>');
  });

  it('is told once in a while when it fails, not once per article (each names other pictures)', async () => {
    strapi.textsStatus = 500;
    strapi.content = `![walk.jpg](${CMS_ORIGIN}/uploads/walk.jpg)`;
    expect((await source.newsDetail(7, 'zh'))!.content).toBe('<p><img src="/uploads/walk.jpg" alt="walk.jpg"></p>');
    strapi.content = `![hall.jpg](${CMS_ORIGIN}/uploads/hall.jpg)`;
    expect((await source.newsDetail(8, 'zh'))!.content).toBe('<p><img src="/uploads/hall.jpg" alt="hall.jpg"></p>');
    expect(strapi.textCalls).toEqual([['/uploads/walk.jpg'], ['/uploads/hall.jpg']]);
    const told = warnings.filter((warning) => warning.includes("the media library's texts of pictures in rich text could not be read"));
    expect(told).toHaveLength(1);
    // The first failure's details are told with it.
    expect(told[0]).toContain('500');
  });

  it("keeps the library's text during an outage, from the last good answer, as it keeps the article", async () => {
    strapi.content = `![walk.jpg](${CMS_ORIGIN}/uploads/walk.jpg)`;
    strapi.library = { '/uploads/walk.jpg': 'Teams walking' };
    const before = await article();
    strapi.down = true;
    expect(await article()).toEqual(before);
    expect(before.content).toBe('<p><img src="/uploads/walk.jpg" alt="Teams walking"></p>');
  });

  it("is not asked for a list, which shows no rich text: one Strapi call per list page; the article's page still has the library's text", async () => {
    strapi.content = `![walk.jpg](${CMS_ORIGIN}/uploads/walk.jpg)`;
    strapi.library = { '/uploads/walk.jpg': 'Teams walking' };

    const list = await source.news('zh', { page: 1, pageSize: 10 });
    expect(list.rows.map((row) => row.id)).toEqual([7]);
    expect(strapi.requests).toEqual(['/api/news']);
    await source.noticeSummaries('zh');
    expect(strapi.requests).toEqual(['/api/news', '/api/notices']);

    strapi.requests = [];
    expect((await article()).content).toBe('<p><img src="/uploads/walk.jpg" alt="Teams walking"></p>');
    expect(strapi.requests).toEqual(['/api/news', '/api/picture-texts']);
    // The notices page shows each notice whole: its pictures are described.
    expect((await source.notices('zh'))[0]!.content).toBe('<p><img src="/uploads/walk.jpg" alt="Teams walking"></p>');
  });

  it("is not asked for a job application's title: the job's text is not shown", async () => {
    strapi.content = `![team.jpg](${CMS_ORIGIN}/uploads/team.jpg)`;
    strapi.library = { '/uploads/team.jpg': 'The team' };
    expect(await source.jobTitle(5, 'zh')).toBe('Pharmacist');
    expect(strapi.requests).toEqual(['/api/jobs']);
  });

  it('is asked in calls of at most 50 pictures', async () => {
    const names = Array.from({ length: 120 }, (_, i) => `/uploads/p${String(i).padStart(3, '0')}.jpg`);
    strapi.content = names.map((name) => `![x](${CMS_ORIGIN}${name})`).join('\n\n');
    strapi.library = Object.fromEntries(names.map((name) => [name, `Picture ${name}`]));
    const { content } = await article();
    expect(strapi.textCalls.map((call) => call.length)).toEqual([50, 50, 20]);
    expect(content).toContain('<img src="/uploads/p119.jpg" alt="Picture /uploads/p119.jpg">');
  });
});
