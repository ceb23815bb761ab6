import { expectSaga } from 'redux-saga-test-plan';
import { all, fork } from 'redux-saga/effects';
import type { ApiError } from '../../api/types';
import type { Locale } from '../../contracts/locale';
import { watchApiErrors } from '../errors/saga';
import { rootReducer } from '../rootReducer';
import type { RootState } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { envelopeError, fakeDeps, networkError, stateWith } from '../testing';
import { watchForms } from './saga';
import { applicationSubmitted, formConsentChanged, formFieldChanged, patientSubmitted } from './slice';

const ALL_CONSENTS = { consent: true, health_consent: true };
/** A form as the visitor left it: values typed and, unless told otherwise, every consent ticked. */
const typed = (form: 'application' | 'patient', values: Record<string, string>, consents: Record<string, boolean> = ALL_CONSENTS) =>
  stateWith((s) => {
    Object.assign((s.forms[form] as { values: Record<string, string> }).values, values);
    s.forms[form].consents = consents;
  });
const valid = { name: '李雷', phone: '13800000000', email: 'lilei@example.com' };
const notice = { title: '个人信息保护政策', content: '<p>…</p>', version: '2026-01', update_time: '2026-01-01 00:00:00' };
const withNotice = (api: Parameters<typeof fakeDeps>[0] = {}) => fakeDeps({ privacyNotice: async () => notice, ...api });
const submitApplication = (state: RootState, deps: ReturnType<typeof fakeDeps>) =>
  expectSaga(watchForms, deps).withReducer(rootReducer, state).dispatch(applicationSubmitted({ jobId: '4' })).silentRun(30);

describe('job application', () => {
  it('with an empty field warns 应聘信息请填写完整！ and keeps what was typed', async () => {
    const submit = jest.fn();
    const deps = withNotice({ submitApplication: submit });
    const { storeState } = await submitApplication(typed('application', { name: '李雷', phone: '', email: 'x@y.com' }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('应聘信息请填写完整！');
    expect(storeState.forms.application).toMatchObject({ status: 'failed', fieldErrors: { phone: 'required' }, values: { name: '李雷', email: 'x@y.com' } });
    expect(submit).not.toHaveBeenCalled();
  });

  it('with a bad email warns 邮箱格式不正确！', async () => {
    const deps = withNotice();
    const { storeState } = await submitApplication(typed('application', { ...valid, email: 'li@lei' }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('邮箱格式不正确！');
    expect(storeState.forms.application.fieldErrors).toEqual({ email: 'invalidEmail' });
  });

  it('with a name too long says it is too long, not that the e-mail is wrong', async () => {
    const deps = withNotice();
    const { storeState } = await submitApplication(typed('application', { ...valid, name: '李'.repeat(200) }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('部分内容超出长度限制，请删减后再提交');
    expect(storeState.forms.application.fieldErrors).toEqual({ name: 'tooLong' });
  });

  it('does not check the phone format', async () => {
    const submit = jest.fn(async () => '提交成功！');
    await submitApplication(typed('application', { ...valid, phone: 'call me' }), withNotice({ submitApplication: submit }));
    expect(submit).toHaveBeenCalledWith('zh', { name: '李雷', phone: 'call me', email: 'lilei@example.com', id: '4', consent: '2026-01' });
  });

  it('on success says 提交成功！ and clears the form', async () => {
    const deps = withNotice({ submitApplication: async () => 'ok' });
    const { storeState } = await submitApplication(typed('application', valid), deps);
    expect(deps.services.toast.success).toHaveBeenCalledWith('提交成功！');
    expect(storeState.forms.application).toMatchObject({ status: 'succeeded', values: { name: '', phone: '', email: '' }, message: '提交成功！' });
  });

  it.each([
    ['code 1', envelopeError(1, '提交过于频繁，请稍后再试'), '提交过于频繁，请稍后再试'],
    ['a network failure', networkError('Network Error'), '网络异常，提交未成功，请稍后重试'],
    ['a timeout', networkError('timeout'), '网络异常，提交未成功，请稍后重试'],
  ])('on %s keeps the form filled and shows why', async (_case, error, shown) => {
    const deps = withNotice({ submitApplication: () => Promise.reject(error) });
    const { storeState } = await expectSaga(watchForms, deps)
      .withReducer(rootReducer, typed('application', valid))
      .put(apiFailed(error))
      .dispatch(applicationSubmitted({ jobId: '4' }))
      .silentRun(30);
    expect(storeState.forms.application).toMatchObject({ status: 'failed', error: shown, values: valid });
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
    const state = typed('application', valid);
    state.locale.current = locale;
    const { storeState } = await expectSaga(formsAndErrors, deps).withReducer(rootReducer, state).dispatch(applicationSubmitted({ jobId: '4' })).silentRun(30);
    expect(deps.services.toast.error).toHaveBeenCalledTimes(1);
    expect(deps.services.toast.error).toHaveBeenCalledWith(shown, { autoClose: 2000 });
    expect(storeState.forms.application).toMatchObject({ status: 'failed', error: shown });
  });
});

describe('patient-service message', () => {
  const message = { category: 'adverse', medication: '复方樟脑软膏', reason: '蚊虫叮咬', name: '', phone: '13800000000', email: '', description: '涂抹后皮肤发红' };

  it('requires category, medication and phone, and a description for an adverse reaction', async () => {
    const submit = jest.fn();
    const deps = withNotice({ submitPatient: submit });
    const { storeState } = await expectSaga(watchForms, deps)
      .withReducer(rootReducer, typed('patient', { category: 'adverse', reason: 'r' }))
      .dispatch(patientSubmitted())
      .silentRun(30);
    expect(storeState.forms.patient.fieldErrors).toEqual({ medication: 'required', phone: 'required', description: 'required' });
    expect(storeState.forms.patient.values.reason).toBe('r');
    expect(deps.services.toast.warning).toHaveBeenCalledWith('请检查标记的内容后再提交');
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends a valid message and clears the form', async () => {
    const submit = jest.fn(async () => ({ msg: 'ok', reference: '' }));
    const { storeState } = await expectSaga(watchForms, withNotice({ submitPatient: submit })).withReducer(rootReducer, typed('patient', message)).dispatch(patientSubmitted()).silentRun(30);
    expect(submit).toHaveBeenCalledWith('zh', { ...message, consent: '2026-01', health_consent: '2026-01' });
    expect(storeState.forms.patient.status).toBe('succeeded');
    expect(storeState.forms.patient.values.medication).toBe('');
  });

  it.each([
    ['code 1', envelopeError(1, '今日留言过多'), '今日留言过多'],
    ['a timeout', networkError('timeout'), '网络异常，提交未成功，请稍后重试'],
  ])('on %s keeps the message and shows why', async (_case, error, shown) => {
    const deps = withNotice({ submitPatient: () => Promise.reject(error) });
    const { storeState } = await expectSaga(watchForms, deps).withReducer(rootReducer, typed('patient', message)).put(apiFailed(error)).dispatch(patientSubmitted()).silentRun(30);
    expect(storeState.forms.patient).toMatchObject({ status: 'failed', error: shown, values: message });
  });

  it('keeps the message after a failure; typing clears that field error', async () => {
    const deps = withNotice({ submitPatient: () => Promise.reject(networkError()) });
    const failed = await expectSaga(watchForms, deps).withReducer(rootReducer, typed('patient', message)).dispatch(patientSubmitted()).silentRun(30);
    expect(failed.storeState.forms.patient).toMatchObject({ status: 'failed', values: message });
    const next = rootReducer(
      { ...failed.storeState, forms: { ...failed.storeState.forms, patient: { ...failed.storeState.forms.patient, fieldErrors: { phone: 'required' } } } },
      formFieldChanged({ form: 'patient', field: 'phone', value: '1' }),
    );
    expect(next.forms.patient.fieldErrors).toEqual({});
    expect(rootReducer(next, formFieldChanged({ form: 'patient', field: 'nope', value: '1' })).forms.patient.values).toEqual(next.forms.patient.values);
  });
});

describe('consent (PIPL)', () => {
  const message = { category: 'adverse', medication: '复方樟脑软膏', reason: '', name: '', phone: '13800000000', email: '', description: '涂抹后皮肤发红' };

  it('reports field problems first, with SPEC\'s warning, and marks the missing consent too', async () => {
    const submit = jest.fn();
    const deps = withNotice({ submitApplication: submit });
    const { storeState } = await submitApplication(typed('application', { ...valid, phone: '' }, {}), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('应聘信息请填写完整！');
    expect(storeState.forms.application).toMatchObject({ error: '应聘信息请填写完整！', fieldErrors: { phone: 'required', consent: 'required' } });
    expect(submit).not.toHaveBeenCalled();
  });

  it('with every field right but no consent, says so and keeps every field', async () => {
    const submit = jest.fn();
    const deps = withNotice({ submitApplication: submit });
    const { storeState } = await submitApplication(typed('application', valid, {}), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('请阅读并勾选同意《个人信息保护政策》后再提交');
    expect(storeState.forms.application).toMatchObject({ status: 'failed', fieldErrors: { consent: 'required' }, values: valid });
    expect(submit).not.toHaveBeenCalled();
  });

  it('asks the health consent separately on the patient form, in the visitor\'s language', async () => {
    const submit = jest.fn();
    const deps = withNotice({ submitPatient: submit });
    const state = typed('patient', message, { consent: true });
    state.locale.current = 'en';
    const { storeState } = await expectSaga(watchForms, deps).withReducer(rootReducer, state).dispatch(patientSubmitted()).silentRun(30);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('Please agree to the processing of your health information before submitting');
    expect(storeState.forms.patient).toMatchObject({ fieldErrors: { health_consent: 'required' }, values: message, consents: { consent: true } });
    expect(submit).not.toHaveBeenCalled();
  });

  it('ticking a box clears its error; success clears the boxes and keeps the case reference', async () => {
    const deps = withNotice({ submitPatient: async () => ({ msg: 'ok', reference: 'PS-2026-000123' }) });
    const { storeState } = await expectSaga(watchForms, deps).withReducer(rootReducer, typed('patient', message)).dispatch(patientSubmitted()).silentRun(30);
    const text = '提交成功！您的留言编号为 PS-2026-000123，如需跟进请提供此编号。';
    expect(storeState.forms.patient).toMatchObject({ status: 'succeeded', reference: 'PS-2026-000123', message: text, consents: {} });
    expect(deps.services.toast.success).toHaveBeenCalledWith(text);
    const failed = typed('patient', message, {});
    failed.forms.patient.fieldErrors = { consent: 'required' };
    const ticked = rootReducer(failed, formConsentChanged({ form: 'patient', consent: 'consent', given: true }));
    expect(ticked.forms.patient).toMatchObject({ consents: { consent: true }, fieldErrors: {} });
  });

  it('sends nothing when the privacy notice cannot be loaded, and keeps the form', async () => {
    const submit = jest.fn();
    const deps = fakeDeps({ submitApplication: submit, privacyNotice: () => Promise.reject(networkError()) });
    const { storeState } = await submitApplication(typed('application', valid), deps);
    expect(storeState.forms.application).toMatchObject({ status: 'failed', error: '个人信息保护政策暂时无法加载，提交未成功，请稍后重试', values: valid, consents: { consent: true } });
    expect(submit).not.toHaveBeenCalled();
  });
});
