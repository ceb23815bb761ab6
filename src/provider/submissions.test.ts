import { ENDPOINT } from '../contracts/endpoints';
import { SUBMISSION_BODY_LIMIT } from '../contracts/forms';
import { postgresPerFile } from './submissions/postgres.testing';
import { providerOn, STORE_KINDS } from './provider.testing';

const postgres = postgresPerFile();

describe.each(STORE_KINDS)('submissions stored in %s', (kind) => {
  type Provider = Awaited<ReturnType<typeof providerOn>>;
  let provider: Provider | undefined;
  beforeEach(async () => {
    provider = await providerOn(kind, postgres);
  });
  afterEach(async () => {
    await provider?.close();
    provider = undefined;
  });

  const post = async (url: string, form: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await provider!.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string } };
  };
  const count = async (table: string) => (await provider!.rows<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]!.n;
  const first = async (sql: string) => (await provider!.rows(sql))[0];

  const application = { name: '李明', phone: '13800000000', email: 'liming@example.com', id: '2', consent: '2026-01' };
  const message = {
    category: 'adverse',
    medication: '复方樟脑软膏',
    reason: '蚊虫叮咬',
    name: '王芳',
    phone: '+86 138 0000 0000',
    email: '',
    description: '涂抹后局部发红',
    consent: '2026-01',
    health_consent: '2026-01',
  };

  describe('job application', () => {
    it('stores a valid application before acknowledging it', async () => {
      expect(await post(ENDPOINT.recruitSubmit, application)).toEqual({ status: 200, body: { code: 0, msg: '提交成功！', data: null } });
      expect(await first('SELECT job_id, name, phone, email FROM applications')).toEqual({
        job_id: 2,
        name: '李明',
        phone: '13800000000',
        email: 'liming@example.com',
      });
    });

    it('stores the title of the job as the visitor applied for it, which a later relabelling of the id does not change', async () => {
      const title = provider!.db.prepare("SELECT title FROM jobs WHERE id = 2 AND locale = 'en'").pluck().get() as string;
      expect((await post(`${ENDPOINT.recruitSubmit}?lan=en`, application)).body.code).toBe(0);
      provider!.db.prepare("UPDATE jobs SET title = 'Another job entirely' WHERE id = 2").run();
      expect(await first('SELECT job_id, job_title FROM applications')).toEqual({ job_id: 2, job_title: title });
    });

    it.each(['zhang.san@pku.edu.cn', 'lisi@sina.com.cn', 'wang@vip.163.com'])('accepts the real address %s', async (email) => {
      expect((await post(ENDPOINT.recruitSubmit, { ...application, email })).body.code).toBe(0);
      expect(await first('SELECT email FROM applications')).toEqual({ email });
    });

    it.each([
      [{ ...application, name: ' ' }, '应聘信息请填写完整！'],
      [{ ...application, phone: '' }, '应聘信息请填写完整！'],
      [{ ...application, email: 'not-an-email' }, '邮箱格式不正确！'],
      [{ ...application, email: '_x@example.com' }, '邮箱格式不正确！'],
      [{ ...application, id: '999' }, '该职位不存在或已下线'],
      [{ ...application, phone: 'call me' }, '留言信息有误：联系电话格式不正确'],
      [{ ...application, phone: '1' }, '留言信息有误：联系电话格式不正确'],
      [{ ...application, phone: '\u001b]8;;https://evil.example\u0007' }, '留言信息有误：联系电话格式不正确'],
      [{ ...application, name: '\u202e\u001b\u200f' }, '应聘信息请填写完整！'],
    ])('refers invalid input %# with a readable message and stores nothing', async (form, msg) => {
      expect((await post(ENDPOINT.recruitSubmit, form)).body).toEqual({ code: 1, msg, data: null });
      expect(await count('applications')).toBe(0);
    });

    it('stores names and phones without control or bidi characters (terminal escapes, OSC-8 links, direction overrides)', async () => {
      const name = '\u001b]8;;https://evil.example\u0007李明\u001b]8;;\u0007\u009b2J\u202e\u2066\u061c';
      expect((await post(ENDPOINT.recruitSubmit, { ...application, name, phone: '\u200e+86 (138) 0000-0000\u202c' })).body.code).toBe(0);
      expect((await post(ENDPOINT.patientSubmit, { ...message, name, phone: '138\u00000000\u00850000' })).body.code).toBe(0);
      // What is left is plain text: no character of it steers a terminal or reorders a line.
      expect(await first('SELECT name, phone FROM applications')).toEqual({ name: ']8;;https://evil.example李明]8;;2J', phone: '+86 (138) 0000-0000' });
      expect(await first('SELECT name, phone FROM patient_messages')).toEqual({ name: ']8;;https://evil.example李明]8;;2J', phone: '13800000000' });
      // An escape sequence in a phone leaves text that is no phone number: refused.
      expect((await post(ENDPOINT.recruitSubmit, { ...application, phone: '13800000000\u001b[8m' })).body.msg).toBe('留言信息有误：联系电话格式不正确');
    });

    it('speaks English when asked', async () => {
      const { body } = await post(`${ENDPOINT.recruitSubmit}?lan=en`, { ...application, email: 'bad' });
      expect(body.msg).toBe('The email format is incorrect!');
    });

    it('judges a long field by the form rules, and rejects a body beyond any form with 413 in the envelope', async () => {
      expect((await post(ENDPOINT.recruitSubmit, { ...application, name: '李'.repeat(2_000) })).body.msg).toContain('姓名过长');
      const { status, body } = await post(ENDPOINT.recruitSubmit, { ...application, name: 'x'.repeat(SUBMISSION_BODY_LIMIT) });
      expect(status).toBe(413);
      expect(body).toEqual({ code: 1, msg: '提交内容过长，请缩短后再试', data: null });
      expect(await count('applications')).toBe(0);
    });
  });

  describe('patient-service message', () => {
    it('stores a valid message', async () => {
      expect((await post(ENDPOINT.patientSubmit, message)).body).toMatchObject({ code: 0, data: { reference: expect.stringMatching(/^PS-\d{4}-000001$/) } });
      expect(await first('SELECT category, medication, description FROM patient_messages')).toEqual({
        category: 'adverse',
        medication: '复方樟脑软膏',
        description: '涂抹后局部发红',
      });
    });

    it('names every problem and stores nothing', async () => {
      const { body } = await post(`${ENDPOINT.patientSubmit}?lan=en`, { ...message, medication: '', phone: 'call me', email: 'x@y', description: '' });
      expect(body.code).toBe(1);
      expect(body.msg).toContain('medication name is required');
      expect(body.msg).toContain('contact number is not a valid number');
      expect(body.msg).toContain('e-mail is not a valid address');
      expect(body.msg).toContain('event description is required');
      expect(await count('patient_messages')).toBe(0);
    });
  });

  describe('rate limit', () => {
    it('answers code 1 with status 429 past 10 submissions a minute from one visitor; another visitor still submits', async () => {
      const visitor = { 'x-forwarded-for': '203.0.113.5' };
      for (let i = 0; i < 10; i += 1) expect((await post(ENDPOINT.patientSubmit, message, visitor)).status).toBe(200);
      expect((await post(ENDPOINT.recruitSubmit, application, visitor)).status).toBe(200); // each path has its own budget
      expect(await post(ENDPOINT.patientSubmit, message, visitor)).toEqual({ status: 429, body: { code: 1, msg: '提交过于频繁，请稍后再试', data: null } });
      expect((await post(ENDPOINT.patientSubmit, message, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(200);
      expect(await count('patient_messages')).toBe(11);
    });

    it('believes X-Forwarded-For only from a loopback hop (the site): from anywhere else a forged header changes nothing', async () => {
      const fromOutside = async (forged: string) => {
        const res = await provider!.app.inject({
          method: 'POST',
          url: ENDPOINT.patientSubmit,
          remoteAddress: '192.0.2.50',
          payload: new URLSearchParams(message).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forged },
        });
        return res.statusCode;
      };
      for (let i = 0; i < 10; i += 1) expect(await fromOutside(`10.0.0.${i}`)).toBe(200);
      expect(await fromOutside('10.0.0.99')).toBe(429);
    });
  });

  describe('leftover calls', () => {
    it('logs out with code 0 and refuses uploads', async () => {
      expect((await post(ENDPOINT.logout, {})).body.code).toBe(0);
      expect((await post(ENDPOINT.upload, {})).body.code).toBe(1);
    });
  });
});
