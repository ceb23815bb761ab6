import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { ENDPOINT } from '../contracts/endpoints';
import { createRepository } from './content/repository';
import { registerSubmissionRoutes } from './submissionRoutes';
import { postgresPerFile } from './submissions/postgres.testing';
import { providerOn, STORE_KINDS } from './provider.testing';
import { logLines } from '../http/logging.testing';

const postgres = postgresPerFile();

describe.each(STORE_KINDS)('consent and case references stored in %s', (kind) => {
  type Provider = Awaited<ReturnType<typeof providerOn>>;
  let provider: Provider | undefined;
  beforeEach(async () => {
    provider = await providerOn(kind, postgres);
  });
  afterEach(async () => {
    await provider?.close();
    provider = undefined;
  });

  const post = async (url: string, form: Record<string, string>) => {
    const res = await provider!.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return res.json() as { code: number; msg: string; data: { reference: string } | null };
  };
  const all = (sql: string) => provider!.rows(sql);

  const application = { name: '李明', phone: '13800000000', email: 'liming@example.com', id: '2', consent: '2026-01' };
  const message = {
    category: 'medical',
    medication: '炉甘石洗剂',
    reason: '',
    name: '',
    phone: '13800000000',
    email: '',
    description: '',
    consent: '2026-01',
    health_consent: '2026-01',
  };
  const without = <T extends Record<string, string>>(form: T, field: keyof T) => Object.fromEntries(Object.entries(form).filter(([key]) => key !== field));

  describe('consent (PIPL)', () => {
    it.each([
      ['zh', '请阅读并同意《个人信息保护政策》后再提交'],
      ['en', 'Please read and agree to the Privacy Notice before submitting'],
    ])('refuses an application without consent in %s and stores nothing', async (lan, msg) => {
      expect(await post(`${ENDPOINT.recruitSubmit}?lan=${lan}`, without(application, 'consent'))).toEqual({ code: 1, msg, data: null });
      expect(await post(`${ENDPOINT.recruitSubmit}?lan=${lan}`, { ...application, consent: '  ' })).toEqual({ code: 1, msg, data: null });
      expect(await all('SELECT id FROM applications')).toEqual([]);
    });

    it.each([
      ['zh', 'consent', '请阅读并同意《个人信息保护政策》后再提交'],
      ['zh', 'health_consent', '请同意我们处理您的健康信息后再提交'],
      ['en', 'consent', 'Please read and agree to the Privacy Notice before submitting'],
      ['en', 'health_consent', 'Please agree to the processing of your health information before submitting'],
    ])('refuses a patient message in %s without %s and stores nothing', async (lan, field, msg) => {
      expect(await post(`${ENDPOINT.patientSubmit}?lan=${lan}`, without(message, field as keyof typeof message))).toEqual({ code: 1, msg, data: null });
      expect(await all('SELECT id FROM patient_messages')).toEqual([]);
    });

    it("keeps the original site's messages first: field problems before a missing consent", async () => {
      expect((await post(ENDPOINT.recruitSubmit, { ...without(application, 'consent'), phone: '' })).msg).toBe('应聘信息请填写完整！');
      expect((await post(ENDPOINT.recruitSubmit, { ...without(application, 'consent'), email: 'x@y' })).msg).toBe('邮箱格式不正确！');
      expect((await post(ENDPOINT.patientSubmit, { ...without(message, 'health_consent'), medication: '' })).msg).toContain('药品通用名必填');
    });

    it('stores the version of the current notice and the time of consent with every row', async () => {
      const before = new Date().toISOString();
      expect((await post(ENDPOINT.recruitSubmit, application)).code).toBe(0);
      expect((await post(`${ENDPOINT.patientSubmit}?lan=en`, message)).code).toBe(0);
      const [applicationRow] = (await all('SELECT consent_version, consent_at, created_at FROM applications')) as {
        consent_version: string;
        consent_at: string;
        created_at: string;
      }[];
      expect(applicationRow).toMatchObject({ consent_version: '2026-01' });
      expect(applicationRow?.consent_at).toBe(applicationRow?.created_at);
      expect(applicationRow!.consent_at >= before).toBe(true);
      expect(await all('SELECT consent_version, health_consent_version, consent_at FROM patient_messages')).toEqual([
        { consent_version: '2026-01', health_consent_version: '2026-01', consent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      ]);
    });

    it.each([
      ['zh', '《个人信息保护政策》已更新，请重新加载页面，阅读并同意新版本后再提交'],
      ['en', 'The Privacy Notice has been updated: please reload the page, read and agree to the new version, then submit again'],
    ])("refuses in %s a consent to any other version than the current notice's, and stores nothing", async (lan, msg) => {
      const refusal = { code: 1, msg, data: null };
      expect(await post(`${ENDPOINT.recruitSubmit}?lan=${lan}`, { ...application, consent: '2025-06' })).toEqual(refusal);
      expect(await post(`${ENDPOINT.recruitSubmit}?lan=${lan}`, { ...application, consent: 'x'.repeat(40_000) })).toEqual(refusal);
      expect(await post(`${ENDPOINT.patientSubmit}?lan=${lan}`, { ...message, consent: ' 2026-01' })).toEqual(refusal);
      expect(await post(`${ENDPOINT.patientSubmit}?lan=${lan}`, { ...message, health_consent: 'h-7' })).toEqual(refusal);
      expect(await all('SELECT id FROM applications')).toEqual([]);
      expect(await all('SELECT id FROM patient_messages')).toEqual([]);
    });

    it('checks against the notice as it is now: after the notice changes, the old version is refused and the new one stored', async () => {
      provider!.db.prepare("UPDATE content SET json = json_set(json, '$.version', '2026-07') WHERE key = 'privacyNotice'").run();
      expect((await post(ENDPOINT.recruitSubmit, application)).code).toBe(1);
      expect((await post(ENDPOINT.recruitSubmit, { ...application, consent: '2026-07' })).code).toBe(0);
      expect(await all('SELECT consent_version FROM applications')).toEqual([{ consent_version: '2026-07' }]);
    });

    it('stores a report with the version as given when the notice cannot be read (a CMS that is down), with a warning', async () => {
      const warnings: string[] = [];
      const { stream } = logLines(({ msg }) => warnings.push(String(msg)));
      const app = Fastify({ logger: { level: 'warn', stream } });
      await app.register(formbody);
      const repo = createRepository(provider!.db);
      registerSubmissionRoutes(app, provider!.store, { ...repo, content: () => Promise.reject(new Error('CMS unavailable')) });
      const res = await app.inject({
        method: 'POST',
        url: ENDPOINT.patientSubmit,
        payload: new URLSearchParams(message).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.json()).toMatchObject({ code: 0 });
      expect(await all('SELECT consent_version FROM patient_messages')).toEqual([{ consent_version: '2026-01' }]);
      expect(warnings).toContain('privacy notice unavailable; consent version not checked');
      await app.close();
    });
  });

  describe('case reference', () => {
    it('is returned in data, told in the message, sequential and stored', async () => {
      const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await post(`${ENDPOINT.patientSubmit}?lan=${i === 2 ? 'en' : 'zh'}`, message));
      expect(answers.map((a) => a.data?.reference)).toEqual([`PS-${year}-000001`, `PS-${year}-000002`, `PS-${year}-000003`]);
      expect(answers[0]?.msg).toBe(`提交成功！您的留言编号为 PS-${year}-000001`);
      expect(answers[2]?.msg).toBe(`Submitted successfully! Your case reference is PS-${year}-000003`);
      expect(await all('SELECT reference FROM patient_messages ORDER BY id')).toEqual(answers.map((a) => ({ reference: a.data?.reference })));
    });

    it('is unique: the database refuses a second row with the same reference', async () => {
      const insert = () =>
        provider!.rows(
          "INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at, reference) VALUES ('other', 'm', '', '', '1', '', '', '', '', 'PS-2026-000009')",
        );
      await insert();
      // By its message: better-sqlite3's error class comes from the first test file its native part met, so it is no Error of this file's realm.
      await expect(insert()).rejects.toHaveProperty('message', expect.stringMatching(/UNIQUE|unique/));
    });

    it('never gives the reference of a deleted message to the next one', async () => {
      const first = (await post(ENDPOINT.patientSubmit, message)).data?.reference;
      const second = (await post(ENDPOINT.patientSubmit, { ...message, phone: '13900000002' })).data?.reference;
      expect(await provider!.store.deletePerson({ phone: '13900000002' })).toEqual({ applications: 0, patients: 1 });
      const third = (await post(ENDPOINT.patientSubmit, message)).data?.reference;
      expect([first, second, third].map((reference) => reference?.slice(-6))).toEqual(['000001', '000002', '000003']);
    });

    it('stores a message with NUL and other control characters alike, cleaned, on either database', async () => {
      const answer = await post(ENDPOINT.patientSubmit, { ...message, description: 'a\u0000b\u0007c\td\nef', reason: '\u001b[31m红' });
      expect(answer.code).toBe(0);
      expect(await all('SELECT description, reason FROM patient_messages')).toEqual([{ description: 'abc\td\nef', reason: '[31m红' }]);
    });

    it("starts again at 000001 with Beijing's new year", async () => {
      let clock = new Date('2026-12-31T15:59:59Z');
      const repo = await provider!.storeWithClock(() => clock);
      const form = { category: 'other', medication: 'm', reason: '', name: '', phone: '1', email: '', description: '' };
      const consent = { consent: 'v', health_consent: 'v' };
      expect(await repo.savePatientMessage(form, consent, '')).toBe('PS-2026-000001');
      expect(await repo.savePatientMessage(form, consent, '')).toBe('PS-2026-000002');
      clock = new Date('2026-12-31T16:00:00Z');
      expect(await repo.savePatientMessage(form, consent, '')).toBe('PS-2027-000001');
      await repo.close();
    });

    it('flags adverse-reaction messages for the safety team, and only those', async () => {
      await post(ENDPOINT.patientSubmit, { ...message, category: 'adverse', description: '涂抹后局部发红' });
      await post(ENDPOINT.patientSubmit, message);
      expect(await all('SELECT category, safety_flag FROM patient_messages ORDER BY id')).toEqual([
        { category: 'adverse', safety_flag: 1 },
        { category: 'medical', safety_flag: 0 },
      ]);
    });
  });
});
