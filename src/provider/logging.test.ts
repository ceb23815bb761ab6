import { loadContentPack } from './content/loadPack';
import { ENDPOINT } from '../contracts/endpoints';
import { createProviderApp } from './app';
import { openDatabase } from './sqliteDatabase';
import { logOptions } from '../http/logging';
import { logLines } from '../http/logging.testing';
import { SEED_MEDIA_DIR } from './startProvider';
import { tempDataDir } from './provider.testing';

async function loggedProvider() {
  const { lines, stream } = logLines();
  const data = tempDataDir();
  const db = await openDatabase(data.dir, loadContentPack());
  const app = await createProviderApp({ db, mediaDir: SEED_MEDIA_DIR, logger: { ...logOptions('provider'), stream } });
  return { app, db, lines, close: async () => (await app.close(), db.close(), data.remove()) };
}

const application = new URLSearchParams({ name: '钱多多', phone: '13712345678', email: 'qian@sina.com.cn', id: '1', consent: '2026-01' }).toString();

describe('provider logs', () => {
  it("a failed insert is an error line with the site's request id and the cause, and nothing personal", async () => {
    const provider = await loggedProvider();
    provider.db.exec('DROP TABLE applications');
    const res = await provider.app.inject({
      method: 'POST',
      url: ENDPOINT.recruitSubmit,
      payload: application,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'site-req-42', token: 'tok-secret' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 1, msg: '服务器繁忙，请稍后再试', data: null });
    const error = provider.lines.find((line) => line.level === 50);
    expect(error).toMatchObject({ service: 'provider', reqId: 'site-req-42', err: { message: expect.stringContaining('no such table: applications') } });
    const written = JSON.stringify(provider.lines);
    for (const secret of ['钱多多', '13712345678', 'qian@', 'tok-secret', '127.0.0.1']) expect(written).not.toContain(secret);
    await provider.close();
  });

  it('takes a request id only from the loopback hop (the site); from anywhere else it makes its own', async () => {
    const provider = await loggedProvider();
    await provider.app.inject({ url: `${ENDPOINT.banner}?lan=zh`, headers: { 'x-request-id': 'from-site' } });
    await provider.app.inject({ url: `${ENDPOINT.banner}?lan=zh`, headers: { 'x-request-id': 'forged' }, remoteAddress: '192.0.2.9' });
    const ids = provider.lines.filter((line) => line.msg === 'incoming request').map((line) => line.reqId);
    expect(ids[0]).toBe('from-site');
    expect(ids[1]).not.toBe('forged');
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    await provider.close();
  });
});
