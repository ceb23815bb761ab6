import { expectSaga } from 'redux-saga-test-plan';
import { all, call, fork } from 'redux-saga/effects';
import { watchChunks } from '../chunks/saga';
import { loadContent } from '../content/saga';
import type { ApiError } from '../../api/types';
import { EMPTY_APPLICATION, EMPTY_PATIENT, type ApplicationForm, type PatientForm } from '../../contracts/forms';
import type { Locale } from '../../contracts/locale';
import { watchApiErrors } from '../errors/saga';
import { rootReducer } from '../rootReducer';
import type { RootState } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { envelopeError, fakeDeps, networkError, stateWith } from '../testing';
import { watchForms } from './saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { fieldErrorsOf, selectForm } from './selectors';
import { applicationSubmitted, formFieldEdited, formRejected, formSubmitting, formSucceeded, patientSubmitted, type ConsentTicks } from './slice';

const ALL_CONSENTS: ConsentTicks = { consent: true, health_consent: true };
/** The submit action of a form as the visitor left it: unless told otherwise, every consent ticked. */
const application = (values: Partial<ApplicationForm>, consents = ALL_CONSENTS) => applicationSubmitted({ jobId: '4', values: { ...EMPTY_APPLICATION, ...values }, consents });
const patient = (values: Partial<PatientForm>, consents = ALL_CONSENTS) => patientSubmitted({ values: { ...EMPTY_PATIENT, ...values }, consents });

const valid = { name: '李雷', phone: '13800000000', email: 'lilei@example.com' };
const notice = { title: '个人信息保护政策', content: '<p>…</p>', version: '2026-01', update_time: '2026-01-01 00:00:00' };
const withNotice = (api: Parameters<typeof fakeDeps>[0] = {}) => fakeDeps({ privacyNotice: async () => notice, ...api });
const submit = (action: ReturnType<typeof application | typeof patient>, deps: ReturnType<typeof fakeDeps>, state: RootState = stateWith()) =>
  expectSaga(watchForms, deps).withReducer(rootReducer, state).dispatch(action).silentRun(30);

describe('job application', () => {
  it('with an empty field warns 应聘信息请填写完整！ and sends nothing', async () => {
    const send = jest.fn();
    const deps = withNotice({ submitApplication: send });
    const { storeState } = await submit(application({ name: '李雷', email: 'x@y.com' }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('应聘信息请填写完整！');
    expect(storeState.forms.application).toEqual({ status: 'failed', fieldErrors: { phone: 'required' }, error: '应聘信息请填写完整！', refusal: 1 });
    expect(send).not.toHaveBeenCalled();
  });

  it('with a bad email warns 邮箱格式不正确！', async () => {
    const deps = withNotice();
    const { storeState } = await submit(application({ ...valid, email: 'li@lei' }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('邮箱格式不正确！');
    expect(storeState.forms.application).toMatchObject({ fieldErrors: { email: 'invalidEmail' } });
  });

  it('with a name too long says it is too long, not that the e-mail is wrong', async () => {
    const deps = withNotice();
    const { storeState } = await submit(application({ ...valid, name: '李'.repeat(200) }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('部分内容超出长度限制，请删减后再提交');
    expect(storeState.forms.application).toMatchObject({ fieldErrors: { name: 'tooLong' } });
  });

  it('does not check the phone format, and sends the fields trimmed with the job id and notice version', async () => {
    const send = jest.fn(async () => '提交成功！');
    await submit(application({ ...valid, name: ' 李雷 ', phone: 'call me' }), withNotice({ submitApplication: send }));
    expect(send).toHaveBeenCalledWith('zh', { name: '李雷', phone: 'call me', email: 'lilei@example.com', id: '4', consent: '2026-01' });
  });

  it('sends only the form\'s own fields, whatever else the action carries', async () => {
    const send = jest.fn(async () => 'ok');
    await submit(applicationSubmitted({ jobId: '4', values: { ...valid, extra: 'x' } as ApplicationForm, consents: ALL_CONSENTS }), withNotice({ submitApplication: send }));
    expect(send).toHaveBeenCalledWith('zh', { ...valid, id: '4', consent: '2026-01' });
  });

  it('on success says 提交成功！', async () => {
    const deps = withNotice({ submitApplication: async () => 'ok' });
    const { storeState } = await submit(application(valid), deps);
    expect(deps.services.toast.success).toHaveBeenCalledWith('提交成功！');
    expect(storeState.forms.application).toEqual({ status: 'succeeded', message: '提交成功！', reference: null });
  });

  it.each([
    ['code 1', envelopeError(1, '提交过于频繁，请稍后再试'), '提交过于频繁，请稍后再试'],
    ['a network failure', networkError('Network Error'), '网络异常，提交未成功，请稍后重试'],
    ['a timeout', networkError('timeout'), '网络异常，提交未成功，请稍后重试'],
  ])('on %s fails and shows why', async (_case, error, shown) => {
    const deps = withNotice({ submitApplication: () => Promise.reject(error) });
    const { storeState } = await expectSaga(watchForms, deps).withReducer(rootReducer, stateWith()).put(apiFailed(error, { submission: true })).dispatch(application(valid)).silentRun(30);
    expect(storeState.forms.application).toEqual({ status: 'failed', fieldErrors: {}, error: shown, refusal: 1 });
  });
});

describe('a submission the provider refuses', () => {
  /** The form's saga beside the errors saga, as in the app: the toast and the form must agree. */
  function* formsAndErrors(deps: ReturnType<typeof fakeDeps>) {
    yield all([fork(watchForms, deps), fork(watchApiErrors, deps)]);
  }

  it.each<[string, Locale, ApiError, string]>([
    ['code 1 with an empty msg', 'zh', envelopeError(1, ''), '服务暂时不可用，请稍后再试'],
    ['code 1', 'zh', envelopeError(1, '提交过于频繁，请稍后再试'), '提交过于频繁，请稍后再试'],
    ['402', 'zh', envelopeError(402, 'token required'), '缺token'],
    ['402 on an English page', 'en', envelopeError(402, '缺token'), 'Token missing'],
  ])('on %s is announced once: the toast and the form say the same words', async (_case, locale, error, shown) => {
    const deps = withNotice({ submitApplication: () => Promise.reject(error) });
    const state = stateWith((s) => void (s.locale.current = locale));
    const { storeState } = await expectSaga(formsAndErrors, deps).withReducer(rootReducer, state).dispatch(application(valid)).silentRun(30);
    expect(deps.services.toast.error).toHaveBeenCalledTimes(1);
    expect(deps.services.toast.error).toHaveBeenCalledWith(shown, { autoClose: 2000 });
    expect(storeState.forms.application).toMatchObject({ status: 'failed', error: shown });
  });
});

describe('patient-service message', () => {
  const message = { category: 'adverse', medication: '复方樟脑软膏', reason: '蚊虫叮咬', name: '', phone: '13800000000', email: '', description: '涂抹后皮肤发红' };

  it('requires category, medication and phone, and a description for an adverse reaction', async () => {
    const send = jest.fn();
    const deps = withNotice({ submitPatient: send });
    const { storeState } = await submit(patient({ category: 'adverse', reason: 'r' }), deps);
    expect(storeState.forms.patient).toEqual({ status: 'failed', fieldErrors: { medication: 'required', phone: 'required', description: 'required' }, error: '请检查标记的内容后再提交', refusal: 1 });
    expect(deps.services.toast.warning).toHaveBeenCalledWith('请检查标记的内容后再提交');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a valid message with both consents', async () => {
    const send = jest.fn(async () => ({ msg: 'ok', reference: '' }));
    const { storeState } = await submit(patient(message), withNotice({ submitPatient: send }));
    expect(send).toHaveBeenCalledWith('zh', { ...message, consent: '2026-01', health_consent: '2026-01' });
    expect(storeState.forms.patient.status).toBe('succeeded');
  });

  it.each([
    ['code 1', envelopeError(1, '今日留言过多'), '今日留言过多'],
    ['a timeout', networkError('timeout'), '网络异常，提交未成功，请稍后重试'],
  ])('on %s fails and shows why', async (_case, error, shown) => {
    const deps = withNotice({ submitPatient: () => Promise.reject(error) });
    const { storeState } = await expectSaga(watchForms, deps).withReducer(rootReducer, stateWith()).put(apiFailed(error, { submission: true })).dispatch(patient(message)).silentRun(30);
    expect(storeState.forms.patient).toEqual({ status: 'failed', fieldErrors: {}, error: shown, refusal: 1 });
  });
});

describe('what the visitor typed', () => {
  const typed = { category: 'adverse', medication: 'Camphor-17', reason: 'Bites-17', name: 'Wang-17', phone: '13900001717', email: 'wang17@example.com', description: 'Redness-17' };

  it.each([
    ['refused for a field', () => Promise.resolve({ msg: 'ok', reference: '' }), { ...typed, category: '' }],
    ['refused by the provider', () => Promise.reject(envelopeError(1, 'busy')), typed],
    ['sent', () => Promise.resolve({ msg: 'ok', reference: 'PS-2026-000001' }), typed],
  ])('never reaches the store nor any action the saga puts, when %s', async (_case, send, values) => {
    const { storeState, effects } = await submit(patient(values), withNotice({ submitPatient: send }));
    const recorded = JSON.stringify([storeState, effects.put ?? []]);
    for (const value of Object.values(typed).filter((v) => v !== 'adverse')) expect(recorded).not.toContain(value);
  });
});

describe('editing a field', () => {
  const failed = stateWith((s) => void (s.forms.patient = { status: 'failed', fieldErrors: { phone: 'required', medication: 'required' }, error: '请检查标记的内容后再提交', refusal: 1 }));

  it('clears that field\'s error only, and carries no value', () => {
    const action = formFieldEdited({ form: 'patient', field: 'phone' });
    expect(action.payload).toEqual({ form: 'patient', field: 'phone' });
    expect(rootReducer(failed, action).forms.patient).toEqual({ status: 'failed', fieldErrors: { medication: 'required' }, error: '请检查标记的内容后再提交', refusal: 1 });
  });

  it('keeps the refusal it edits; a refusal counts one more than the refusal it follows, 1 after any other status', () => {
    const edited = rootReducer(failed, formFieldEdited({ form: 'patient', field: 'phone' }));
    expect(edited.forms.patient).toMatchObject({ refusal: 1 });
    const again = rootReducer(edited, formRejected({ form: 'patient', fieldErrors: { medication: 'required' }, error: 'x' }));
    expect(again.forms.patient).toMatchObject({ refusal: 2 });
    const sending = rootReducer(again, formSubmitting({ form: 'patient' }));
    expect(rootReducer(sending, formRejected({ form: 'patient', fieldErrors: {}, error: 'y' })).forms.patient).toMatchObject({ refusal: 1 });
  });

  it('ticking a consent box clears its error', () => {
    const state = rootReducer(failed, formRejected({ form: 'patient', fieldErrors: { consent: 'required', health_consent: 'required' }, error: 'x' }));
    expect(rootReducer(state, formFieldEdited({ form: 'patient', field: 'consent' })).forms.patient).toMatchObject({ fieldErrors: { health_consent: 'required' } });
  });

  it('after a success starts a new message: the old success message goes', () => {
    const sent = rootReducer(stateWith(), formSucceeded({ form: 'application', message: '提交成功！' }));
    expect(rootReducer(sent, formFieldEdited({ form: 'application', field: 'name' })).forms.application).toEqual({ status: 'idle' });
  });

  it('changes nothing while nothing is shown', () => {
    const idle = stateWith();
    expect(rootReducer(idle, formFieldEdited({ form: 'patient', field: 'phone' })).forms).toBe(idle.forms);
  });
});

describe('consent (PIPL)', () => {
  const message = { category: 'adverse', medication: '复方樟脑软膏', reason: '', name: '', phone: '13800000000', email: '', description: '涂抹后皮肤发红' };

  it('reports field problems first, with SPEC\'s warning, and marks the missing consent too', async () => {
    const send = jest.fn();
    const deps = withNotice({ submitApplication: send });
    const { storeState } = await submit(application({ ...valid, phone: '' }, {}), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('应聘信息请填写完整！');
    expect(storeState.forms.application).toEqual({ status: 'failed', error: '应聘信息请填写完整！', fieldErrors: { phone: 'required', consent: 'required' }, refusal: 1 });
    expect(send).not.toHaveBeenCalled();
  });

  it('with every field right but no consent, says so', async () => {
    const send = jest.fn();
    const deps = withNotice({ submitApplication: send });
    const { storeState } = await submit(application(valid, { consent: false }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('请阅读并勾选同意《个人信息保护政策》后再提交');
    expect(storeState.forms.application).toEqual({ status: 'failed', fieldErrors: { consent: 'required' }, error: '请阅读并勾选同意《个人信息保护政策》后再提交', refusal: 1 });
    expect(send).not.toHaveBeenCalled();
  });

  it('asks the health consent separately on the patient form, in the visitor\'s language', async () => {
    const send = jest.fn();
    const deps = withNotice({ submitPatient: send });
    const { storeState } = await submit(patient(message, { consent: true }), deps, stateWith((s) => void (s.locale.current = 'en')));
    expect(deps.services.toast.warning).toHaveBeenCalledWith('Please agree to the processing of your health information before submitting');
    expect(storeState.forms.patient).toMatchObject({ fieldErrors: { health_consent: 'required' } });
    expect(send).not.toHaveBeenCalled();
  });

  it('a sent message keeps its case reference and says it', async () => {
    const deps = withNotice({ submitPatient: async () => ({ msg: 'ok', reference: 'PS-2026-000123' }) });
    const { storeState } = await submit(patient(message), deps);
    const text = '提交成功！您的留言编号为 PS-2026-000123，如需跟进请提供此编号。';
    expect(storeState.forms.patient).toEqual({ status: 'succeeded', reference: 'PS-2026-000123', message: text });
    expect(deps.services.toast.success).toHaveBeenCalledWith(text);
  });

  it('is "submitting" from the moment it is valid until the provider answers', async () => {
    const statuses: string[] = [];
    const recording = (state: RootState | undefined, action: UnknownAction) => {
      const next = rootReducer(state, action);
      if (next.forms.patient !== state?.forms.patient) statuses.push(next.forms.patient.status);
      return next;
    };
    const deps = withNotice({ submitPatient: async () => ({ msg: 'ok', reference: 'PS-1' }) });
    await expectSaga(watchForms, deps).withReducer(recording, stateWith()).dispatch(patient(message)).silentRun(30);
    expect(statuses).toEqual(['submitting', 'succeeded']);
  });

  it('reads as idle before any submission, and shows field errors only for a refused one', () => {
    expect(selectForm('patient')(stateWith())).toEqual({ status: 'idle' });
    const refused = { status: 'failed', fieldErrors: { phone: 'required' }, error: 'x', refusal: 1 } as const;
    expect(fieldErrorsOf(refused)).toEqual({ phone: 'required' });
    expect(fieldErrorsOf({ status: 'submitting' })).toEqual({});
  });

  it('sends nothing when the privacy notice cannot be loaded', async () => {
    const send = jest.fn();
    const deps = fakeDeps({ submitApplication: send, privacyNotice: () => Promise.reject(networkError()) });
    const { storeState } = await submit(application(valid), deps);
    expect(storeState.forms.application).toEqual({ status: 'failed', fieldErrors: {}, error: '个人信息保护政策暂时无法加载，提交未成功，请稍后重试', refusal: 1 });
    expect(send).not.toHaveBeenCalled();
  });
});

describe('a site updated under the page (the client\'s code would not download while sending)', () => {
  const updated = () => Promise.reject(Object.assign(new Error('Loading chunk axios failed.'), { name: 'ChunkLoadError' }));
  /** The forms beside the chunk-reload guard, as in the browser. */
  function* withGuard(deps: ReturnType<typeof fakeDeps>) {
    yield all([fork(watchForms, deps), fork(watchChunks, deps)]);
  }

  it.each([
    ['zh', '网站刚刚更新，提交未成功。您填写的内容仍在表单中：请先复制保存，再重新加载页面后提交。'],
    ['en', 'The site has just been updated, so nothing was sent. What you entered is still in the form: copy it, then reload the page and submit again.'],
  ] as const)('never reloads by itself: the form is refused with a sentence in the page\'s language (%s) and the reload offered', async (locale, sentence) => {
    const deps = withNotice({ submitApplication: updated });
    const { storeState } = await expectSaga(withGuard, deps)
      .withReducer(rootReducer, stateWith((s) => void (s.locale.current = locale)))
      .dispatch(application(valid))
      .silentRun(30);
    expect(deps.services.reload).not.toHaveBeenCalled();
    expect(storeState.forms.application).toEqual({ status: 'failed', fieldErrors: {}, error: sentence, offerReload: true, refusal: 1 });
    expect(storeState.chunks.gaveUp).toBe(false);
  });

  it('a privacy notice that would not download while sending does not reload the page either', async () => {
    const send = jest.fn();
    const deps = fakeDeps({ privacyNotice: updated, submitApplication: send });
    const { storeState } = await expectSaga(withGuard, deps).withReducer(rootReducer, stateWith()).dispatch(application(valid)).silentRun(30);
    expect(deps.services.reload).not.toHaveBeenCalled();
    expect(storeState.forms.application).toMatchObject({ status: 'failed', error: '个人信息保护政策暂时无法加载，提交未成功，请稍后重试' });
    expect(send).not.toHaveBeenCalled();
  });

  it('leaves the guard as it was: a page load that fails afterwards still reloads', async () => {
    const deps = withNotice({ submitPatient: updated, report: updated });
    const message = { category: 'adverse', medication: '复方樟脑软膏', phone: '13800000000', description: '涂抹后皮肤发红' };
    const { storeState } = await expectSaga(withGuard, deps).withReducer(rootReducer, stateWith()).dispatch(patient(message)).silentRun(30);
    expect(storeState.forms.patient).toMatchObject({ status: 'failed', offerReload: true });
    expect(deps.services.reload).not.toHaveBeenCalled();
    await expectSaga(function* () {
      yield fork(watchChunks, deps);
      yield call(loadContent, deps, 'report');
    })
      .withReducer(rootReducer, stateWith())
      .silentRun(30);
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
  });
});
