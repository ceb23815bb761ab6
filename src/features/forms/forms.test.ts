import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../app/rootReducer';
import type { RootState } from '../../app/store';
import { apiFailed } from '../errors/actions';
import { envelopeError, fakeDeps, networkError, stateWith } from '../testing';
import { watchForms } from './saga';
import { applicationSubmitted, formFieldChanged, patientSubmitted } from './slice';

const typed = (form: 'application' | 'patient', values: Record<string, string>) =>
  stateWith((s) => Object.assign((s.forms[form] as { values: Record<string, string> }).values, values));
const valid = { name: '李雷', phone: '13800000000', email: 'lilei@example.com' };
const submitApplication = (state: RootState, deps: ReturnType<typeof fakeDeps>) =>
  expectSaga(watchForms, deps).withReducer(rootReducer, state).dispatch(applicationSubmitted({ jobId: '4' })).silentRun(30);

describe('job application', () => {
  it('with an empty field warns 应聘信息请填写完整！ and keeps what was typed', async () => {
    const submit = jest.fn();
    const deps = fakeDeps({ submitApplication: submit });
    const { storeState } = await submitApplication(typed('application', { name: '李雷', phone: '', email: 'x@y.com' }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('应聘信息请填写完整！');
    expect(storeState.forms.application).toMatchObject({ status: 'failed', fieldErrors: { phone: 'required' }, values: { name: '李雷', email: 'x@y.com' } });
    expect(submit).not.toHaveBeenCalled();
  });

  it('with a bad email warns 邮箱格式不正确！', async () => {
    const deps = fakeDeps();
    const { storeState } = await submitApplication(typed('application', { ...valid, email: 'li@lei' }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('邮箱格式不正确！');
    expect(storeState.forms.application.fieldErrors).toEqual({ email: 'invalidEmail' });
  });

  it('does not check the phone format', async () => {
    const submit = jest.fn(async () => '提交成功！');
    await submitApplication(typed('application', { ...valid, phone: 'call me' }), fakeDeps({ submitApplication: submit }));
    expect(submit).toHaveBeenCalledWith('zh', { name: '李雷', phone: 'call me', email: 'lilei@example.com', id: '4' });
  });

  it('on success says 提交成功！ and clears the form', async () => {
    const deps = fakeDeps({ submitApplication: async () => 'ok' });
    const { storeState } = await submitApplication(typed('application', valid), deps);
    expect(deps.services.toast.success).toHaveBeenCalledWith('提交成功！');
    expect(storeState.forms.application).toMatchObject({ status: 'succeeded', values: { name: '', phone: '', email: '' }, message: '提交成功！' });
  });

  it.each([
    ['code 1', envelopeError(1, '提交过于频繁，请稍后再试'), '提交过于频繁，请稍后再试'],
    ['a network failure', networkError('Network Error'), '网络异常，提交未成功，请稍后重试'],
    ['a timeout', networkError('timeout'), '网络异常，提交未成功，请稍后重试'],
  ])('on %s keeps the form filled and shows why', async (_case, error, shown) => {
    const deps = fakeDeps({ submitApplication: () => Promise.reject(error) });
    const { storeState } = await expectSaga(watchForms, deps)
      .withReducer(rootReducer, typed('application', valid))
      .put(apiFailed(error))
      .dispatch(applicationSubmitted({ jobId: '4' }))
      .silentRun(30);
    expect(storeState.forms.application).toMatchObject({ status: 'failed', error: shown, values: valid });
  });
});

describe('patient-service message', () => {
  const message = { category: 'adverse', medication: '复方樟脑软膏', reason: '蚊虫叮咬', name: '', phone: '13800000000', email: '', description: '涂抹后皮肤发红' };

  it('requires category, medication and phone, and a description for an adverse reaction', async () => {
    const submit = jest.fn();
    const deps = fakeDeps({ submitPatient: submit });
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
    const submit = jest.fn(async () => 'ok');
    const { storeState } = await expectSaga(watchForms, fakeDeps({ submitPatient: submit })).withReducer(rootReducer, typed('patient', message)).dispatch(patientSubmitted()).silentRun(30);
    expect(submit).toHaveBeenCalledWith('zh', message);
    expect(storeState.forms.patient.status).toBe('succeeded');
    expect(storeState.forms.patient.values.medication).toBe('');
  });

  it.each([
    ['code 1', envelopeError(1, '今日留言过多'), '今日留言过多'],
    ['a timeout', networkError('timeout'), '网络异常，提交未成功，请稍后重试'],
  ])('on %s keeps the message and shows why', async (_case, error, shown) => {
    const deps = fakeDeps({ submitPatient: () => Promise.reject(error) });
    const { storeState } = await expectSaga(watchForms, deps).withReducer(rootReducer, typed('patient', message)).put(apiFailed(error)).dispatch(patientSubmitted()).silentRun(30);
    expect(storeState.forms.patient).toMatchObject({ status: 'failed', error: shown, values: message });
  });

  it('keeps the message after a failure; typing clears that field error', async () => {
    const deps = fakeDeps({ submitPatient: () => Promise.reject(networkError()) });
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
