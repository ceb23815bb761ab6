import { ENDPOINT } from '../contracts/endpoints';
import { providerWithFreshDatabase } from './testing';

type Provider = Awaited<ReturnType<typeof providerWithFreshDatabase>>;
let provider: Provider;
beforeEach(async () => {
  provider = await providerWithFreshDatabase();
});
afterEach(() => provider.close());

const post = async (url: string, form: Record<string, string>, headers: Record<string, string> = {}) => {
  const res = await provider.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string } };
};
const count = (table: string) => (provider.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

const application = { name: '李明', phone: '13800000000', email: 'liming@example.com', id: '2', consent: '2026-01' };
const message = { category: 'adverse', medication: '复方樟脑软膏', reason: '蚊虫叮咬', name: '王芳', phone: '+86 138 0000 0000', email: '', description: '涂抹后局部发红', consent: '2026-01', health_consent: '2026-01' };

describe('job application', () => {
  it('stores a valid application before acknowledging it', async () => {
    expect(await post(ENDPOINT.recruitSubmit, application)).toEqual({ status: 200, body: { code: 0, msg: '提交成功！', data: null } });
    const row = provider.db.prepare('SELECT job_id, name, phone, email FROM applications').get();
    expect(row).toEqual({ job_id: 2, name: '李明', phone: '13800000000', email: 'liming@example.com' });
  });

  it.each(['zhang.san@pku.edu.cn', 'lisi@sina.com.cn', 'wang@vip.163.com'])('accepts the real address %s', async (email) => {
    expect((await post(ENDPOINT.recruitSubmit, { ...application, email })).body.code).toBe(0);
    expect(provider.db.prepare('SELECT email FROM applications').get()).toEqual({ email });
  });

  it.each([
    [{ ...application, name: ' ' }, '应聘信息请填写完整！'],
    [{ ...application, phone: '' }, '应聘信息请填写完整！'],
    [{ ...application, email: 'not-an-email' }, '邮箱格式不正确！'],
    [{ ...application, email: '_x@example.com' }, '邮箱格式不正确！'],
    [{ ...application, id: '999' }, '该职位不存在或已下线'],
  ])('refers invalid input %# with a readable message and stores nothing', async (form, msg) => {
    expect((await post(ENDPOINT.recruitSubmit, form)).body).toEqual({ code: 1, msg, data: null });
    expect(count('applications')).toBe(0);
  });

  it('speaks English when asked', async () => {
    const { body } = await post(`${ENDPOINT.recruitSubmit}?lan=en`, { ...application, email: 'bad' });
    expect(body.msg).toBe('The email format is incorrect!');
  });

  it('rejects an oversized body', async () => {
    const { status, body } = await post(ENDPOINT.recruitSubmit, { ...application, name: 'x'.repeat(20_000) });
    expect(status).toBe(413);
    expect(body.code).toBe(1);
    expect(count('applications')).toBe(0);
  });
});

describe('patient-service message', () => {
  it('stores a valid message', async () => {
    expect((await post(ENDPOINT.patientSubmit, message)).body).toMatchObject({ code: 0, data: { reference: expect.stringMatching(/^PS-\d{4}-000001$/) } });
    expect(provider.db.prepare('SELECT category, medication, description FROM patient_messages').get()).toEqual({
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
    expect(count('patient_messages')).toBe(0);
  });
});

describe('rate limit', () => {
  it('answers code 1 with status 429 past 10 submissions a minute, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await post(ENDPOINT.patientSubmit, message, { 'x-forwarded-for': `10.0.0.${i}` })).status).toBe(200);
    }
    const limited = await post(ENDPOINT.recruitSubmit, application, { 'x-forwarded-for': '10.9.9.9' });
    expect(limited.status).toBe(200); // each path has its own budget
    const refused = await post(ENDPOINT.patientSubmit, message, { 'x-forwarded-for': '10.0.0.99' });
    expect(refused).toEqual({ status: 429, body: { code: 1, msg: '提交过于频繁，请稍后再试', data: null } });
    expect(count('patient_messages')).toBe(10);
  });
});

describe('leftover calls', () => {
  it('logs out with code 0 and refuses uploads', async () => {
    expect((await post(ENDPOINT.logout, {})).body.code).toBe(0);
    expect((await post(ENDPOINT.upload, {})).body.code).toBe(1);
  });
});
