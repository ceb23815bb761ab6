import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from '../sqliteDriver';
import { parse, stringify } from 'yaml';
import { openDatabase } from '../sqliteDatabase';
import { tempDataDir } from '../provider.testing';
import { DEFAULT_PACK_DIR, loadContentPack } from './loadPack';

/** A database made from the shipped pack with submissions in it, and a copy of the pack to edit. */
async function setUp() {
  const data = tempDataDir();
  const packDir = join(data.dir, 'pack');
  cpSync(DEFAULT_PACK_DIR, packDir, { recursive: true });
  const db = await openDatabase(join(data.dir, 'data'), loadContentPack());
  const at = new Date().toISOString();
  db.prepare(
    "INSERT INTO applications (job_id, job_title, name, phone, email, client_ip, created_at, consent_version, consent_at) VALUES (1, '质量检验员', '陈, \"小明\"', '13800000000', 'chen@example.com', '127.0.0.1', ?, '2026-01', ?)",
  ).run(at, at);
  db.prepare(
    "INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at, consent_version, health_consent_version, consent_at, reference, safety_flag) VALUES ('adverse', '聚维酮碘溶液', '', '李', '123', '', '发红', '127.0.0.1', ?, '2026-01', '2026-01', ?, 'PS-2026-000001', 1)",
  ).run(at, at);
  db.close();
  const edit = (file: string, change: (doc: Record<string, any>) => void) => {
    const path = join(packDir, file);
    const doc = parse(readFileSync(path, 'utf8')) as Record<string, any>;
    change(doc);
    writeFileSync(path, stringify(doc, { lineWidth: 0 }));
  };
  const run = () =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/provider/content/importCli.ts', '--data-dir', join(data.dir, 'data'), '--pack', packDir], {
      encoding: 'utf8',
    });
  const dump = () => {
    const file = new Database(join(data.dir, 'data', 'provider.sqlite'), { readonly: true });
    const all = (sql: string) => file.prepare(sql).all();
    const state = {
      content: all('SELECT * FROM content ORDER BY key, locale'),
      news: all('SELECT * FROM news ORDER BY id, locale'),
      jobs: all('SELECT * FROM jobs ORDER BY id, locale'),
      products: all('SELECT * FROM products ORDER BY id, locale'),
      applications: all('SELECT * FROM applications'),
      patients: all('SELECT * FROM patient_messages'),
      integrity: file.pragma('integrity_check', { simple: true }),
    };
    file.close();
    return state;
  };
  return { data, edit, run, dump };
}

describe('content import', () => {
  it('imports a changed pack in one go, reports what changed and leaves submissions alone', async () => {
    const { data, edit, run, dump } = await setUp();
    const before = dump();
    edit('news.yaml', (doc) => {
      doc.news[0].zh.title = '新标题';
      doc.news.push({ ...doc.news[1], id: 99, zh: { ...doc.news[1].zh, title: '新增新闻' }, en: { ...doc.news[1].en, title: 'A new story' } });
    });
    edit('people.yaml', (doc) => {
      doc.jobs = doc.jobs.filter((job: { id: number }) => job.id !== 2);
    });
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/news\s+added 2 \(99\/zh, 99\/en\), changed 1 \(1\/zh\), removed 0/);
    expect(result.stdout).toMatch(/jobs\s+added 0, changed 0, removed 2 \(2\/zh, 2\/en\)/);
    expect(result.stdout).toContain('Total: 2 added, 1 changed, 2 removed');
    const after = dump();
    expect(after.news.length).toBe(before.news.length + 2);
    expect(after.news).toContainEqual(expect.objectContaining({ id: 1, locale: 'zh', title: '新标题' }));
    expect(after.jobs.length).toBe(before.jobs.length - 2);
    expect(after.products).toEqual(before.products);
    expect(after.applications).toEqual(before.applications);
    expect(after.patients).toEqual(before.patients);
    expect(after.applications).toHaveLength(1);
    expect(after.integrity).toBe('ok');
    // Importing the same pack again finds nothing to do.
    expect(run().stdout).toContain('no differences');
    data.remove();
  }, 30_000);

  it('refuses a bad pack with file, field and what was expected, and changes nothing', async () => {
    const { data, edit, run, dump } = await setUp();
    const before = dump();
    edit('news.yaml', (doc) => {
      doc.news[0].zh.title = '改了但不应生效';
      doc.news[2].en.title = 42;
      doc.notices[0].create_time = 'yesterday';
      doc.publications[0].tittle = doc.publications[0].title;
    });
    edit('products.yaml', (doc) => {
      delete doc.products[1].en.name;
      doc.products[4].classify_id = 77;
    });
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('news.yaml: news[2].en.title: expected text, got 42');
    expect(result.stderr).toContain('news.yaml: notices[0].create_time: expected a date and time like 2026-01-15 09:00:00, got "yesterday"');
    expect(result.stderr).toMatch(/news\.yaml: publications\[0\]\.tittle: not a field the pack knows \(misspelt\?\)/);
    expect(result.stderr).toContain('products.yaml: products[1].en.name: missing, expected this field');
    expect(result.stderr).toContain('Nothing was imported.');
    expect(dump()).toEqual(before);
    data.remove();
  }, 30_000);

  it('refuses two banners for one page with file, index and field, and changes nothing', async () => {
    const { data, edit, run, dump } = await setUp();
    const before = dump();
    edit('company.yaml', (doc) => {
      doc.pageBanners[1].type = 1;
    });
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('company.yaml: pageBanners[1].type: 1 is used already by pageBanners[0], expected one banner per page type');
    expect(result.stderr).not.toMatch(/SqliteError|UNIQUE constraint/);
    expect(dump()).toEqual(before);
    data.remove();
  }, 30_000);

  it('reports a file that is not YAML at all, with its line', async () => {
    const { data, run, dump } = await setUp();
    const before = dump();
    writeFileSync(join(data.dir, 'pack', 'privacy.yaml'), 'privacyNotice:\n  version: "2026-02\n  zh: [\n');
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/privacy\.yaml: not valid YAML: .*line \d+/);
    expect(dump()).toEqual(before);
    data.remove();
  }, 30_000);
});
