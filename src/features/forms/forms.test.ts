import { END } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import { all, call, cancel, fork, put, select, setContext, take } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/types';
import { EMPTY_APPLICATION, EMPTY_PATIENT, type ApplicationForm, type PatientForm } from '../../contracts/forms';
import type { Locale } from '../../contracts/locale';
import { watchChunks } from '../chunks/saga';
import { fetchContent, loadContent } from '../content/saga';
import type { ContentName } from '../content/types';
import { watchApiErrors } from '../errors/saga';
import { rootReducer, type RootState } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { routeEntryOf, routeEntered } from '../shared/route';
import { deferred, endOn, envelopeError, fakeDeps, networkError, stateAfter, stateWith } from '../store.testing';
import { submitApplication, submitPatient, watchForms } from './saga';
import { SAGA_MEMORY, SagaMemory } from '../shared/sagaMemory';
import { fieldErrorsOf, selectForm } from './selectors';
import {
  applicationForm,
  applicationSubmitted,
  formFieldEdited,
  formRejected,
  formSubmitting,
  formSucceeded,
  patientSubmitted,
  type ConsentTicks,
} from './slice';

type Deps = ReturnType<typeof fakeDeps>;
const mockedToast = (deps: Deps) => deps.services.toast.error as jest.Mock;
type Submit = ReturnType<typeof applicationSubmitted> | ReturnType<typeof patientSubmitted>;

const ALL_CONSENTS: ConsentTicks = { consent: true, health_consent: true };
/** The submit action of a form as the visitor left it: unless told otherwise, every consent ticked, job 4. */
const application = (values: Partial<ApplicationForm>, consents = ALL_CONSENTS, jobId = '4') =>
  applicationSubmitted({ jobId, values: { ...EMPTY_APPLICATION, ...values }, consents });
const patient = (values: Partial<PatientForm>, consents = ALL_CONSENTS) => patientSubmitted({ values: { ...EMPTY_PATIENT, ...values }, consents });

const valid = { name: '李雷', phone: '13800000000', email: 'lilei@example.com' };
const message = { category: 'adverse', medication: '复方樟脑软膏', reason: '', name: '', phone: '13800000000', email: '', description: '涂抹后皮肤发红' };
const notice = { title: '个人信息保护政策', content: '<p>…</p>', version: '2026-01', update_time: '2026-01-01 00:00:00' };
const JOB4 = applicationForm('4');
const siteUpdated = () => Object.assign(new Error('Loading chunk axios failed.'), { name: 'ChunkLoadError' });

/** The content the forms load (the privacy notice), answered by a provider: any other load is a bug. */
const content = (answers: Partial<Record<ContentName, () => unknown>> = { privacyNotice: () => notice }) =>
  [
    matchers.call.fn(fetchContent),
    dynamic(({ args }: { args: unknown[] }) => {
      const answer = answers[args[1] as ContentName];
      if (!answer) throw new Error(`Unexpected content load: ${String(args[1])}`);
      return answer();
    }),
  ] as [matchers.Matcher, unknown];

/** The state of a visitor on `url` (preloaded in `locale`), built by the reducers. */
const visiting = (url: string, locale: Locale = 'zh'): RootState =>
  rootReducer(
    stateWith((s) => void (s.locale.current = locale)),
    routeEntered(routeEntryOf(url, 'push')),
  );

const byKey = (state: RootState) => state.forms.byKey;

/** One submission handled to its end (the watcher's worker). */
function* handle(deps: Deps, action: Submit, page: string | null) {
  if (applicationSubmitted.match(action)) yield call(submitApplication, deps, action, page);
  else yield call(submitPatient, deps, action, page);
}

const submit = (action: Submit, deps: Deps, state: RootState = visiting(applicationSubmitted.match(action) ? '/resources/4' : '/patient')) =>
  expectSaga(handle, deps, action, state.navigation.route?.path ?? null)
    .provide([content()])
    .withReducer(rootReducer, state)
    .run();

/** A provider answer the test gives while the saga runs; `asked` settles once the api was called. */
function lateAnswer<T>() {
  const asked = deferred<void>();
  const answer = deferred<T>();
  const reply = () => {
    asked.resolve();
    return answer.promise;
  };
  return { asked: asked.promise, answer, reply };
}

describe('job application', () => {
  it('with an empty field warns 应聘信息请填写完整！ and sends nothing (not even the notice is loaded)', async () => {
    const send = jest.fn();
    const deps = fakeDeps({ submitApplication: send });
    const { storeState } = await submit(application({ name: '李雷', email: 'x@y.com' }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('应聘信息请填写完整！');
    expect(selectForm(JOB4)(storeState)).toEqual({ status: 'failed', fieldErrors: { phone: 'required' }, error: '应聘信息请填写完整！', refusal: 1 });
    expect(send).not.toHaveBeenCalled();
    expect(storeState.content.entries).toEqual({});
  });

  it('with a bad email warns 邮箱格式不正确！', async () => {
    const deps = fakeDeps();
    const { storeState } = await submit(application({ ...valid, email: 'li@lei' }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('邮箱格式不正确！');
    expect(selectForm(JOB4)(storeState)).toMatchObject({ status: 'failed', fieldErrors: { email: 'invalidEmail' } });
  });

  it('with a name too long says it is too long, not that the e-mail is wrong', async () => {
    const deps = fakeDeps();
    const { storeState } = await submit(application({ ...valid, name: '李'.repeat(200) }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('部分内容超出长度限制，请删减后再提交');
    expect(selectForm(JOB4)(storeState)).toMatchObject({ fieldErrors: { name: 'tooLong' } });
  });

  it('checks the phone format as the patient form does, and says so without blaming the e-mail', async () => {
    const send = jest.fn();
    const deps = fakeDeps({ submitApplication: send });
    const { storeState } = await submit(application({ ...valid, phone: 'call me' }), deps);
    expect(send).not.toHaveBeenCalled();
    expect(deps.services.toast.warning).toHaveBeenCalledWith('请检查标记的内容后再提交');
    expect(selectForm(JOB4)(storeState)).toMatchObject({ status: 'failed', fieldErrors: { phone: 'invalidPhone' } });
  });

  it('sends the fields trimmed, name and phone without control characters, with the job id and notice version', async () => {
    const send = jest.fn(async () => '提交成功！');
    await submit(application({ ...valid, name: ' 李\u202e雷\u001b ', phone: '\u2066138 0000 0000' }), fakeDeps({ submitApplication: send }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('zh', { name: '李雷', phone: '138 0000 0000', email: 'lilei@example.com', id: '4', consent: '2026-01' });
  });

  it("sends only the form's own fields, whatever else the action carries", async () => {
    const send = jest.fn(async () => 'ok');
    await submit(
      applicationSubmitted({ jobId: '4', values: { ...valid, extra: 'x' } as ApplicationForm, consents: ALL_CONSENTS }),
      fakeDeps({ submitApplication: send }),
    );
    expect(send).toHaveBeenCalledWith('zh', { ...valid, id: '4', consent: '2026-01' });
  });

  it('on success says 提交成功！', async () => {
    const deps = fakeDeps({ submitApplication: async () => 'ok' });
    const { storeState } = await submit(application(valid), deps);
    expect(deps.services.toast.success).toHaveBeenCalledWith('提交成功！');
    expect(selectForm(JOB4)(storeState)).toEqual({ status: 'succeeded', message: '提交成功！', reference: null });
  });

  it.each([
    ['code 1', envelopeError(1, '提交过于频繁，请稍后再试'), '提交过于频繁，请稍后再试'],
    ['a network failure', networkError('Network Error'), '网络异常，提交未成功，请稍后重试'],
    ['a timeout', networkError('timeout'), '网络异常，提交未成功，请稍后重试'],
  ])('on %s fails, shows why and reports it as a submission', async (_case, error, shown) => {
    const deps = fakeDeps({ submitApplication: () => Promise.reject(error) });
    const { storeState } = await expectSaga(handle, deps, application(valid), '/resources/4')
      .provide([content()])
      .withReducer(rootReducer, visiting('/resources/4'))
      .put(apiFailed(error, { submission: true }))
      .run();
    expect(selectForm(JOB4)(storeState)).toEqual({ status: 'failed', fieldErrors: {}, error: shown, refusal: 1 });
    expect(deps.services.toast.success).not.toHaveBeenCalled();
  });
});

describe('a submission the provider refuses', () => {
  /** The form's saga beside the errors saga, as in the app (the toast and the form must agree), until the form is refused. */
  function* formsAndErrors(deps: Deps, submitted: Submit) {
    yield all([fork(watchForms, deps), fork(watchApiErrors, deps)]);
    yield* endOn(formRejected.type, submitted);
  }

  it.each<[string, Locale, ApiError, string]>([
    ['code 1 with an empty msg', 'zh', envelopeError(1, ''), '服务暂时不可用，请稍后再试'],
    ['code 1', 'zh', envelopeError(1, '提交过于频繁，请稍后再试'), '提交过于频繁，请稍后再试'],
    ['402', 'zh', envelopeError(402, 'token required'), '缺token'],
    ['402 on an English page', 'en', envelopeError(402, '缺token'), 'Token missing'],
  ])('on %s is announced once: the toast and the form say the same words', async (_case, locale, error, shown) => {
    const deps = fakeDeps({ submitApplication: () => Promise.reject(error) });
    const { storeState } = await expectSaga(formsAndErrors, deps, application(valid))
      .provide([content()])
      .withReducer(rootReducer, visiting('/resources/4', locale))
      .run();
    expect(deps.services.toast.error).toHaveBeenCalledTimes(1);
    expect(deps.services.toast.error).toHaveBeenCalledWith(shown, { autoClose: 2000 });
    expect(selectForm(JOB4)(storeState)).toMatchObject({ status: 'failed', error: shown });
  });
});

describe('patient-service message', () => {
  it('requires category, medication and phone, and a description for an adverse reaction', async () => {
    const send = jest.fn();
    const deps = fakeDeps({ submitPatient: send });
    const { storeState } = await submit(patient({ category: 'adverse', reason: 'r' }), deps);
    expect(selectForm('patient')(storeState)).toEqual({
      status: 'failed',
      fieldErrors: { medication: 'required', phone: 'required', description: 'required' },
      error: '请检查标记的内容后再提交',
      refusal: 1,
    });
    expect(deps.services.toast.warning).toHaveBeenCalledWith('请检查标记的内容后再提交');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a valid message with both consents', async () => {
    const send = jest.fn(async () => ({ msg: 'ok', reference: '' }));
    const { storeState } = await submit(patient(message), fakeDeps({ submitPatient: send }));
    expect(send).toHaveBeenCalledWith('zh', { ...message, consent: '2026-01', health_consent: '2026-01' });
    expect(selectForm('patient')(storeState)).toEqual({ status: 'succeeded', message: '提交成功！', reference: null });
  });

  it.each([
    ['code 1', envelopeError(1, '今日留言过多'), '今日留言过多'],
    ['a timeout', networkError('timeout'), '网络异常，提交未成功，请稍后重试'],
  ])('on %s fails and shows why', async (_case, error, shown) => {
    const deps = fakeDeps({ submitPatient: () => Promise.reject(error) });
    const { storeState } = await expectSaga(handle, deps, patient(message), '/patient')
      .provide([content()])
      .withReducer(rootReducer, visiting('/patient'))
      .put(apiFailed(error, { submission: true }))
      .run();
    expect(selectForm('patient')(storeState)).toEqual({ status: 'failed', fieldErrors: {}, error: shown, refusal: 1 });
  });
});

describe('what the visitor typed', () => {
  const typed = {
    category: 'adverse',
    medication: 'Camphor-17',
    reason: 'Bites-17',
    name: 'Wang-17',
    phone: '13900001717',
    email: 'wang17@example.com',
    description: 'Redness-17',
  };

  it.each([
    ['refused for a field', () => Promise.resolve({ msg: 'ok', reference: '' }), { ...typed, category: '' }],
    ['refused by the provider', () => Promise.reject(envelopeError(1, 'busy')), typed],
    ['sent', () => Promise.resolve({ msg: 'ok', reference: 'PS-2026-000001' }), typed],
  ])('never reaches the store nor any action the saga puts, when %s', async (_case, send, values) => {
    const { storeState, effects } = await submit(patient(values), fakeDeps({ submitPatient: send }));
    expect(effects.put?.length).toBeGreaterThan(0);
    const recorded = JSON.stringify([storeState, effects.put]);
    for (const value of Object.values(typed).filter((v) => v !== 'adverse')) expect(recorded).not.toContain(value);
  });
});

describe('one form per job (forms keyed by instance)', () => {
  const JOB1 = applicationForm('1');
  const JOB2 = applicationForm('2');

  it('a refusal on job 1 leaves job 2 untouched: no entry, idle', async () => {
    const { storeState } = await submit(application({}, ALL_CONSENTS, '1'), fakeDeps(), visiting('/resources/1'));
    expect(selectForm(JOB1)(storeState)).toMatchObject({ status: 'failed', refusal: 1 });
    expect(storeState.forms.byKey[JOB2]).toBeUndefined();
    expect(selectForm(JOB2)(storeState)).toEqual({ status: 'idle' });
  });

  it('a success on job 1 does not make job 2 succeeded', async () => {
    const deps = fakeDeps({ submitApplication: async () => 'ok' });
    const { storeState } = await submit(application(valid, ALL_CONSENTS, '1'), deps, visiting('/resources/1'));
    expect(selectForm(JOB1)(storeState)).toMatchObject({ status: 'succeeded' });
    expect(selectForm(JOB2)(storeState)).toEqual({ status: 'idle' });
  });

  it('job 2 can be sent while job 1 is in flight, which does not mark it; a second click on job 1 in flight is ignored', async () => {
    const job1 = lateAnswer<string>();
    const job2 = lateAnswer<string>();
    const send = jest.fn((_lan: Locale, form: { id: string }) => (form.id === '1' ? job1.reply() : job2.reply()));
    const deps = fakeDeps({ submitApplication: send });
    const seen: RootState['forms']['byKey'][] = [];
    function* visit() {
      yield fork(watchForms, deps);
      yield put(application(valid, ALL_CONSENTS, '1'));
      yield call(() => job1.asked);
      seen.push(yield select(byKey));
      yield put(application(valid, ALL_CONSENTS, '1')); // a second click on job 1
      yield put(application(valid, ALL_CONSENTS, '2'));
      yield call(() => job2.asked);
      seen.push(yield select(byKey));
      yield call(() => job2.answer.resolve('ok'));
      yield take(formSucceeded.type);
      seen.push(yield select(byKey));
      yield call(() => job1.answer.resolve('ok')); // job 1's answer, last: the visit can end
      yield put(END);
    }
    await expectSaga(visit).provide([content()]).withReducer(rootReducer, visiting('/resources/1')).run();
    const sending = { status: 'submitting', submission: expect.any(String) };
    expect(seen).toEqual([
      { [JOB1]: sending },
      { [JOB1]: sending, [JOB2]: sending },
      { [JOB1]: seen[0]![JOB1], [JOB2]: { status: 'succeeded', message: '提交成功！', reference: null } },
    ]);
    expect(send.mock.calls.map(([, form]) => form.id)).toEqual(['1', '2']);
  });

  it('once job 1 has its answer, job 1 can be sent again', async () => {
    const first = lateAnswer<string>();
    const send = jest.fn(async () => 'ok').mockImplementationOnce(first.reply);
    const deps = fakeDeps({ submitApplication: send });
    function* visit() {
      yield fork(watchForms, deps);
      yield put(application(valid, ALL_CONSENTS, '1'));
      yield call(() => first.asked);
      yield call(() => first.answer.reject(envelopeError(1, 'busy')));
      yield take(formRejected.type);
      yield put(application(valid, ALL_CONSENTS, '1'));
      yield put(END);
    }
    const { storeState } = await expectSaga(visit).provide([content()]).withReducer(rootReducer, visiting('/resources/1')).run();
    expect(send).toHaveBeenCalledTimes(2);
    expect(selectForm(JOB1)(storeState)).toMatchObject({ status: 'succeeded' });
  });
});

describe('leaving the page', () => {
  const JOB1 = applicationForm('1');
  const JOB2 = applicationForm('2');
  /** On job 1's page: its form refused, another being sent. */
  const withForms = stateAfter(
    routeEntered(routeEntryOf('/resources/1', 'push')),
    formRejected({ form: JOB1, fieldErrors: { phone: 'required' }, error: '应聘信息请填写完整！' }),
    formSubmitting({ form: JOB2 }),
  );

  it.each([
    ['a link', routeEntryOf('/about', 'push')],
    ['back', routeEntryOf('/resources/2', 'pop')],
  ])('by %s to another path forgets every form', (_case, entry) => {
    const left = rootReducer(withForms, routeEntered(entry));
    expect(left.forms).toEqual({ path: entry.path, byKey: {} });
    expect(selectForm(JOB1)(left)).toEqual({ status: 'idle' });
  });

  it.each(['/resources/1#apply', '/resources/1?from=list'])('keeps them on an entry of the same path (%s)', (url) => {
    expect(rootReducer(withForms, routeEntered(routeEntryOf(url, 'push'))).forms).toBe(withForms.forms);
  });

  /** Sends job 4's form, leaves for /about while it is in flight, then the provider answers. */
  function* leaveWhileSending(deps: Deps, late: ReturnType<typeof lateAnswer<string>>, answer: () => void) {
    yield fork(watchForms, deps);
    yield put(application(valid));
    yield call(() => late.asked);
    yield put(routeEntered(routeEntryOf('/about', 'push')));
    yield call(answer);
    yield put(END);
  }

  it('a success that arrives after the visitor left marks no form, but its toast is still shown', async () => {
    const late = lateAnswer<string>();
    const deps = fakeDeps({ submitApplication: late.reply });
    const { storeState } = await expectSaga(leaveWhileSending, deps, late, () => late.answer.resolve('ok'))
      .provide([content()])
      .withReducer(rootReducer, visiting('/resources/4'))
      .put.like({ action: { type: formSucceeded.type, payload: { form: JOB4, message: '提交成功！', reference: null } } })
      .run();
    expect(storeState.forms).toEqual({ path: '/about', byKey: {} });
    expect(deps.services.toast.success).toHaveBeenCalledWith('提交成功！');
  });

  it('a provider refusal that arrives after the visitor left marks no form (the errors saga still hears of it)', async () => {
    const late = lateAnswer<string>();
    const error = envelopeError(1, '提交过于频繁，请稍后再试');
    const deps = fakeDeps({ submitApplication: late.reply });
    const { storeState } = await expectSaga(leaveWhileSending, deps, late, () => late.answer.reject(error))
      .provide([content()])
      .withReducer(rootReducer, visiting('/resources/4'))
      .put(apiFailed(error, { submission: true }))
      .put.like({ action: { type: formRejected.type, payload: { form: JOB4, error: '提交过于频繁，请稍后再试' } } })
      .run();
    expect(storeState.forms).toEqual({ path: '/about', byKey: {} });
    // The errors saga toasts an envelope error: the form's saga does not say it twice.
    expect(deps.services.toast.error).not.toHaveBeenCalled();
  });

  it('knows the visitor left from the entry it saw, not from the state (Redux DevTools may still show the form waiting)', async () => {
    const late = lateAnswer<string>();
    const deps = fakeDeps({ submitApplication: late.reply });
    // A store showing the past: the entries that follow the submission are not shown in its state.
    const showingThePast = (state: RootState | undefined, action: Parameters<typeof rootReducer>[1]) =>
      routeEntered.match(action) ? (state as RootState) : rootReducer(state, action);
    const { storeState } = await expectSaga(leaveWhileSending, deps, late, () => late.answer.reject(networkError()))
      .provide([content()])
      .withReducer(showingThePast, visiting('/resources/4'))
      .run();
    expect(storeState.navigation.route?.path).toBe('/resources/4');
    expect(deps.services.toast.error).toHaveBeenCalledTimes(1);
  });

  it('a network failure that arrives after the visitor left is toasted, since no form is there to say it', async () => {
    const late = lateAnswer<string>();
    const deps = fakeDeps({ submitApplication: late.reply });
    const { storeState } = await expectSaga(leaveWhileSending, deps, late, () => late.answer.reject(networkError()))
      .provide([content()])
      .withReducer(rootReducer, visiting('/resources/4'))
      .run();
    expect(storeState.forms).toEqual({ path: '/about', byKey: {} });
    expect(deps.services.toast.error).toHaveBeenCalledTimes(1);
    expect(deps.services.toast.error).toHaveBeenCalledWith(expect.stringContaining('网络'));
  });

  it('a site updated under the page, found once the visitor has left, is toasted without saying the input is still in the form', async () => {
    const late = lateAnswer<string>();
    const deps = fakeDeps({ submitApplication: late.reply });
    const { storeState } = await expectSaga(leaveWhileSending, deps, late, () => late.answer.reject(siteUpdated()))
      .provide([content()])
      .withReducer(rootReducer, visiting('/resources/4'))
      .run();
    expect(storeState.forms).toEqual({ path: '/about', byKey: {} });
    expect(mockedToast(deps).mock.calls).toEqual([['网站刚刚更新，您离开前提交的内容未能发送：请重新加载页面，再次填写后提交。']]);
  });

  it('a privacy notice that fails once the visitor has left is toasted once: by the errors saga for a refusal, here for the network', async () => {
    for (const [failure, toastedHere] of [
      [envelopeError(1, '服务器繁忙'), false],
      [networkError(), true],
    ] as const) {
      const late = lateAnswer<never>();
      const deps = fakeDeps();
      await expectSaga(function* leaveWhileTheNoticeLoads() {
        yield fork(watchForms, deps);
        yield put(application(valid));
        yield call(() => late.asked);
        yield put(routeEntered(routeEntryOf('/about', 'push')));
        yield call(() => late.answer.reject(failure));
        yield put(END);
      })
        .provide([content({ privacyNotice: late.reply })])
        .withReducer(rootReducer, visiting('/resources/4'))
        .run();
      expect(mockedToast(deps).mock.calls.length).toBe(toastedHere ? 1 : 0);
    }
  });

  it('a network failure on the page the form is on is said by the form alone', async () => {
    const deps = fakeDeps({ submitApplication: () => Promise.reject(networkError()) });
    const { storeState } = await submit(application(valid), deps);
    expect(selectForm(JOB4)(storeState)).toMatchObject({ status: 'failed', error: expect.stringContaining('网络') });
    expect(deps.services.toast.error).not.toHaveBeenCalled();
  });
});

describe('coming back to a form still being sent', () => {
  const JOB1 = applicationForm('1');

  it('a click on the form found on coming back is sent; the first answer, late, marks nothing but is announced', async () => {
    const first = lateAnswer<string>();
    const second = lateAnswer<string>();
    const send = jest.fn().mockImplementationOnce(first.reply).mockImplementationOnce(second.reply);
    const deps = fakeDeps({ submitApplication: send });
    const seen: ReturnType<ReturnType<typeof selectForm>>[] = [];
    function* visit() {
      yield fork(watchForms, deps);
      yield put(application(valid, ALL_CONSENTS, '1'));
      yield call(() => first.asked);
      yield put(routeEntered(routeEntryOf('/resources', 'push'))); // the job list
      yield put(routeEntered(routeEntryOf('/resources/1', 'pop'))); // Back
      seen.push(yield select(selectForm(JOB1)));
      yield put(application(valid, ALL_CONSENTS, '1'));
      yield call(() => second.asked);
      seen.push(yield select(selectForm(JOB1)));
      yield call(() => first.answer.resolve('ok'));
      yield take(formSucceeded.type);
      seen.push(yield select(selectForm(JOB1)));
      yield call(() => second.answer.reject(envelopeError(1, '提交过于频繁，请稍后再试')));
      yield put(END);
    }
    const { storeState } = await expectSaga(visit).provide([content()]).withReducer(rootReducer, visiting('/resources/1')).run();
    expect(send).toHaveBeenCalledTimes(2);
    expect(seen[0]).toEqual({ status: 'idle' });
    expect(seen[1]).toEqual({ status: 'submitting', submission: expect.any(String) });
    // The first submission's success is toasted, and leaves the second one waiting.
    expect(seen[2]).toEqual(seen[1]);
    expect(deps.services.toast.success).toHaveBeenCalledWith('提交成功！');
    // The second one's own answer marks the form.
    expect(selectForm(JOB1)(storeState)).toMatchObject({ status: 'failed', error: '提交过于频繁，请稍后再试', refusal: 1 });
  });

  it('an entry of the same page (an anchor) keeps the guard: a second click is still ignored', async () => {
    const first = lateAnswer<string>();
    const send = jest.fn(first.reply);
    const deps = fakeDeps({ submitApplication: send });
    function* visit() {
      yield fork(watchForms, deps);
      yield put(application(valid, ALL_CONSENTS, '1'));
      yield call(() => first.asked);
      yield put(routeEntered(routeEntryOf('/resources/1#apply', 'push')));
      yield put(application(valid, ALL_CONSENTS, '1'));
      yield call(() => first.answer.resolve('ok')); // the first click's answer, after the second click
      yield put(END);
    }
    await expectSaga(visit).provide([content()]).withReducer(rootReducer, visiting('/resources/1')).run();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("a second click joins the submission in flight among the sagas' keyed tasks: one send, and the form is free again once it answers", async () => {
    const first = lateAnswer<{ reference: string }>();
    const send = jest.fn(async () => ({ reference: 'R2' })).mockImplementationOnce(first.reply);
    const deps = fakeDeps({ submitPatient: send });
    const memory = new SagaMemory(visiting('/patient'));
    function* visit() {
      yield setContext({ [SAGA_MEMORY]: memory });
      yield fork(watchForms, deps);
      yield put(patient(message));
      yield call(() => first.asked);
      yield put(patient(message)); // a second click while the first is in flight
      yield call(() => first.answer.resolve({ reference: 'R1' }));
      yield take(formSucceeded.type);
      yield put(patient(message)); // after the answer: sent anew
      yield take(formSucceeded.type);
      yield put(END);
    }
    await expectSaga(visit).provide([content()]).withReducer(rootReducer, visiting('/patient')).run();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("a watcher restarted counts the page's visits on from the sagas' memory: a submit on a new visit has a key of its own and is sent", async () => {
    const first = lateAnswer<{ reference: string }>();
    const send = jest.fn(async (_lan: Locale, _form: unknown) => ({ reference: 'R2' })).mockImplementationOnce(first.reply);
    const deps = fakeDeps({ submitPatient: send });
    const memory = new SagaMemory(visiting('/patient'));
    const keys = jest.spyOn(memory.loads, 'join');
    function* visit() {
      yield setContext({ [SAGA_MEMORY]: memory });
      const watcher: Task = yield fork(watchForms, deps);
      yield put(patient(message));
      yield call(() => first.asked);
      // The visitor leaves and comes back: a new visit of the form's page.
      yield put(routeEntered(routeEntryOf('/about', 'push')));
      yield put(routeEntered(routeEntryOf('/patient', 'push')));
      yield call(() => Promise.resolve()); // the entries are taken before the watcher ends
      // The watcher ends (a bug it threw) and keepAlive starts it again, on the same memory.
      yield cancel(watcher);
      yield fork(watchForms, deps);
      yield put(patient({ ...message, description: '第二次' }));
      yield take(formSucceeded.type);
      yield call(() => first.answer.resolve({ reference: 'R1' }));
      yield put(END);
    }
    await expectSaga(visit).provide([content()]).withReducer(rootReducer, visiting('/patient')).run();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[1]).toMatchObject({ description: '第二次' });
    // Each visit its own key: the restarted watcher never takes an old visit's again. (Today the
    // restart cancels the first submission, its only waiter being the old watcher's; one that
    // outlived it under the same key would be joined, and these values dropped.)
    const [firstKey, secondKey] = keys.mock.calls.map(([key]) => key).filter((key) => key.startsWith('form|'));
    expect(secondKey).not.toBe(firstKey);
  });

  it("a watcher (re)started while Redux DevTools shows another page knows the page from the sagas' memory: an anchor keeps the guard", async () => {
    const first = lateAnswer<string>();
    const send = jest.fn(first.reply);
    const deps = fakeDeps({ submitApplication: send });
    // The sagas started on /resources/1; the store now shows a past on the home page, whatever is dispatched.
    const memory = new SagaMemory(visiting('/resources/1'));
    const past = visiting('/');
    const showingThePast = (_state: RootState | undefined, _action: Parameters<typeof rootReducer>[1]) => past;
    function* visit() {
      yield setContext({ [SAGA_MEMORY]: memory });
      yield fork(watchForms, deps);
      yield put(application(valid, ALL_CONSENTS, '1'));
      yield call(() => first.asked);
      yield put(routeEntered(routeEntryOf('/resources/1#apply', 'push')));
      yield put(application(valid, ALL_CONSENTS, '1'));
      yield call(() => first.answer.resolve('ok'));
      yield put(END);
    }
    await expectSaga(visit).provide([content()]).withReducer(showingThePast, past).run();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends in the language the sagas started in, though Redux DevTools shows a state in another', async () => {
    const send = jest.fn(async (_lan: Locale, _form: unknown) => ({ reference: 'R1' }));
    const deps = fakeDeps({ submitPatient: send });
    const memory = new SagaMemory(visiting('/patient', 'zh'));
    function* visit() {
      yield setContext({ [SAGA_MEMORY]: memory });
      yield call(submitPatient, deps, patient(message), '/patient');
    }
    // A session recorded in English, imported into Redux DevTools.
    await expectSaga(visit).provide([content()]).withReducer(rootReducer, visiting('/patient', 'en')).run();
    expect(send.mock.calls[0]?.[0]).toBe('zh');
  });

  it('an answer marks the form only while it waits for that very submission', () => {
    const older = formSubmitting({ form: JOB1 });
    const newer = formSubmitting({ form: JOB1 });
    expect(newer.payload.submission).not.toBe(older.payload.submission);
    const waiting = stateAfter(routeEntered(routeEntryOf('/resources/1', 'push')), older, newer);
    expect(rootReducer(waiting, formSucceeded({ form: JOB1, submission: older.payload.submission, message: 'x' })).forms).toBe(waiting.forms);
    expect(rootReducer(waiting, formRejected({ form: JOB1, submission: older.payload.submission, fieldErrors: {}, error: 'x' })).forms).toBe(waiting.forms);
    expect(selectForm(JOB1)(rootReducer(waiting, formSucceeded({ form: JOB1, submission: newer.payload.submission, message: 'x' })))).toMatchObject({
      status: 'succeeded',
    });
  });
});

describe('refusals in a row', () => {
  it('count 1, then 2 for the next refusal; a submission that goes out starts again at 1', async () => {
    const steps: string[] = [];
    const recording = (state: RootState | undefined, action: UnknownAction) => {
      const next = rootReducer(state, action);
      const form = next.forms.byKey[JOB4];
      if (form && form !== state?.forms.byKey[JOB4]) steps.push(form.status === 'failed' ? `failed ${form.refusal}` : form.status);
      return next;
    };
    const deps = fakeDeps({ submitApplication: () => Promise.reject(envelopeError(1, 'busy')) });
    await expectSaga(watchForms, deps)
      .provide([content()])
      .withReducer(recording, visiting('/resources/4'))
      .dispatch(application({}))
      .dispatch(application({ ...valid, email: 'li@lei' }))
      .dispatch(application(valid))
      .dispatch(END)
      .run();
    expect(steps).toEqual(['failed 1', 'failed 2', 'submitting', 'failed 1']);
  });
});

describe('editing a field', () => {
  const refused = stateAfter(
    routeEntered(routeEntryOf('/patient', 'push')),
    formRejected({ form: 'patient', fieldErrors: { phone: 'required', medication: 'required' }, error: '请检查标记的内容后再提交' }),
  );

  it("clears that field's error only, and carries no value", () => {
    const action = formFieldEdited({ form: 'patient', field: 'phone' });
    expect(action.payload).toEqual({ form: 'patient', field: 'phone' });
    expect(selectForm('patient')(rootReducer(refused, action))).toEqual({
      status: 'failed',
      fieldErrors: { medication: 'required' },
      error: '请检查标记的内容后再提交',
      refusal: 1,
    });
  });

  it('keeps the refusal it edits, so the next refusal counts 2', () => {
    const edited = rootReducer(refused, formFieldEdited({ form: 'patient', field: 'phone' }));
    expect(selectForm('patient')(edited)).toMatchObject({ refusal: 1 });
    const again = rootReducer(edited, formRejected({ form: 'patient', fieldErrors: { medication: 'required' }, error: 'x' }));
    expect(selectForm('patient')(again)).toMatchObject({ refusal: 2 });
  });

  it('ticking a consent box clears its error', () => {
    const state = rootReducer(refused, formRejected({ form: 'patient', fieldErrors: { consent: 'required', health_consent: 'required' }, error: 'x' }));
    expect(selectForm('patient')(rootReducer(state, formFieldEdited({ form: 'patient', field: 'consent' })))).toMatchObject({
      fieldErrors: { health_consent: 'required' },
    });
  });

  it("edits one job's form only", () => {
    const JOB1 = applicationForm('1');
    const JOB2 = applicationForm('2');
    const both = stateAfter(
      routeEntered(routeEntryOf('/resources/1', 'push')),
      formRejected({ form: JOB1, fieldErrors: { phone: 'required' }, error: 'x' }),
      formRejected({ form: JOB2, fieldErrors: { phone: 'required' }, error: 'x' }),
    );
    const edited = rootReducer(both, formFieldEdited({ form: JOB1, field: 'phone' }));
    expect(fieldErrorsOf(selectForm(JOB1)(edited))).toEqual({});
    expect(fieldErrorsOf(selectForm(JOB2)(edited))).toEqual({ phone: 'required' });
  });

  it('after a success starts a new message: the old success message goes', () => {
    const started = formSubmitting({ form: JOB4 });
    const sent = stateAfter(
      routeEntered(routeEntryOf('/resources/4', 'push')),
      started,
      formSucceeded({ form: JOB4, submission: started.payload.submission, message: '提交成功！' }),
    );
    expect(selectForm(JOB4)(sent)).toMatchObject({ status: 'succeeded' });
    const edited = rootReducer(sent, formFieldEdited({ form: JOB4, field: 'name' }));
    expect(edited.forms.byKey[JOB4]).toBeUndefined();
    expect(selectForm(JOB4)(edited)).toEqual({ status: 'idle' });
  });

  it('changes nothing while nothing is shown, nor while the form is being sent', () => {
    const idle = stateAfter(routeEntered(routeEntryOf('/patient', 'push')));
    expect(rootReducer(idle, formFieldEdited({ form: 'patient', field: 'phone' })).forms).toBe(idle.forms);
    const sending = rootReducer(idle, formSubmitting({ form: 'patient' }));
    expect(rootReducer(sending, formFieldEdited({ form: 'patient', field: 'phone' })).forms).toBe(sending.forms);
  });
});

describe('consent (PIPL)', () => {
  it('reports field problems first, with the warning for an incomplete application (应聘信息请填写完整！), and marks the missing consent too', async () => {
    const send = jest.fn();
    const deps = fakeDeps({ submitApplication: send });
    const { storeState } = await submit(application({ ...valid, phone: '' }, {}), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('应聘信息请填写完整！');
    expect(selectForm(JOB4)(storeState)).toEqual({
      status: 'failed',
      error: '应聘信息请填写完整！',
      fieldErrors: { phone: 'required', consent: 'required' },
      refusal: 1,
    });
    expect(send).not.toHaveBeenCalled();
  });

  it('with every field right but no consent, says so', async () => {
    const send = jest.fn();
    const deps = fakeDeps({ submitApplication: send });
    const { storeState } = await submit(application(valid, { consent: false }), deps);
    expect(deps.services.toast.warning).toHaveBeenCalledWith('请阅读并勾选同意《个人信息保护政策》后再提交');
    expect(selectForm(JOB4)(storeState)).toEqual({
      status: 'failed',
      fieldErrors: { consent: 'required' },
      error: '请阅读并勾选同意《个人信息保护政策》后再提交',
      refusal: 1,
    });
    expect(send).not.toHaveBeenCalled();
  });

  it("asks the health consent separately on the patient form, in the visitor's language", async () => {
    const send = jest.fn();
    const deps = fakeDeps({ submitPatient: send });
    const { storeState } = await submit(patient(message, { consent: true }), deps, visiting('/patient', 'en'));
    expect(deps.services.toast.warning).toHaveBeenCalledWith('Please agree to the processing of your health information before submitting');
    expect(selectForm('patient')(storeState)).toMatchObject({ fieldErrors: { health_consent: 'required' } });
    expect(send).not.toHaveBeenCalled();
  });

  it('a sent message keeps its case reference and says it', async () => {
    const deps = fakeDeps({ submitPatient: async () => ({ msg: 'ok', reference: 'PS-2026-000123' }) });
    const { storeState } = await submit(patient(message), deps);
    const text = '提交成功！您的留言编号为 PS-2026-000123，如需跟进请提供此编号。';
    expect(selectForm('patient')(storeState)).toEqual({ status: 'succeeded', reference: 'PS-2026-000123', message: text });
    expect(deps.services.toast.success).toHaveBeenCalledWith(text);
  });

  it('is "submitting" from the moment it is valid until the provider answers', async () => {
    const statuses: string[] = [];
    const recording = (state: RootState | undefined, action: UnknownAction) => {
      const next = rootReducer(state, action);
      if (next.forms.byKey.patient !== state?.forms.byKey.patient) statuses.push(selectForm('patient')(next).status);
      return next;
    };
    const deps = fakeDeps({ submitPatient: async () => ({ msg: 'ok', reference: 'PS-1' }) });
    await expectSaga(handle, deps, patient(message), '/patient').provide([content()]).withReducer(recording, visiting('/patient')).run();
    expect(statuses).toEqual(['submitting', 'succeeded']);
  });

  it('reads as idle before any submission, and shows field errors only for a refused one', () => {
    expect(selectForm('patient')(visiting('/patient'))).toEqual({ status: 'idle' });
    const refused = { status: 'failed', fieldErrors: { phone: 'required' }, error: 'x', refusal: 1 } as const;
    expect(fieldErrorsOf(refused)).toEqual({ phone: 'required' });
    expect(fieldErrorsOf({ status: 'submitting', submission: 'a' })).toEqual({});
  });

  it('sends nothing when the privacy notice cannot be loaded', async () => {
    const send = jest.fn();
    const deps = fakeDeps({ submitApplication: send });
    const { storeState } = await expectSaga(handle, deps, application(valid), '/resources/4')
      .provide([content({ privacyNotice: () => Promise.reject(networkError()) })])
      .withReducer(rootReducer, visiting('/resources/4'))
      .put(apiFailed(networkError(), { submission: true }))
      .run();
    expect(selectForm(JOB4)(storeState)).toEqual({
      status: 'failed',
      fieldErrors: {},
      error: '个人信息保护政策暂时无法加载，提交未成功，请稍后重试',
      refusal: 1,
    });
    expect(send).not.toHaveBeenCalled();
  });
});

describe("a site updated under the page (the client's code would not download while sending)", () => {
  /** The forms beside the chunk-reload guard, as in the browser, until the form is refused. */
  function* withGuard(deps: Deps, submitted: Submit) {
    yield all([fork(watchForms, deps), fork(watchChunks, deps)]);
    yield* endOn(formRejected.type, submitted);
  }

  it.each([
    ['zh', '网站刚刚更新，提交未成功。您填写的内容仍在表单中：请先复制保存，再重新加载页面后提交。'],
    ['en', 'The site has just been updated, so nothing was sent. What you entered is still in the form: copy it, then reload the page and submit again.'],
  ] as const)("never reloads by itself: the form is refused with a sentence in the page's language (%s) and the reload offered", async (locale, sentence) => {
    const deps = fakeDeps({ submitApplication: () => Promise.reject(siteUpdated()) });
    const { storeState } = await expectSaga(withGuard, deps, application(valid))
      .provide([content()])
      .withReducer(rootReducer, visiting('/resources/4', locale))
      .run();
    expect(deps.services.reload).not.toHaveBeenCalled();
    expect(selectForm(JOB4)(storeState)).toEqual({ status: 'failed', fieldErrors: {}, error: sentence, offerReload: true, refusal: 1 });
    expect(storeState.chunks.gaveUp).toBe(false);
  });

  it('a privacy notice that would not download while sending does not reload the page either', async () => {
    const send = jest.fn();
    const deps = fakeDeps({ submitApplication: send });
    const { storeState } = await expectSaga(withGuard, deps, application(valid))
      .provide([content({ privacyNotice: () => Promise.reject(siteUpdated()) })])
      .withReducer(rootReducer, visiting('/resources/4'))
      .run();
    expect(deps.services.reload).not.toHaveBeenCalled();
    expect(selectForm(JOB4)(storeState)).toMatchObject({ status: 'failed', error: '个人信息保护政策暂时无法加载，提交未成功，请稍后重试' });
    expect(send).not.toHaveBeenCalled();
  });

  it('leaves the guard as it was: a page load that fails afterwards still reloads', async () => {
    const deps = fakeDeps({ submitPatient: () => Promise.reject(siteUpdated()) });
    const answers = { privacyNotice: () => notice, report: () => Promise.reject(siteUpdated()) };
    const { storeState } = await expectSaga(withGuard, deps, patient(message))
      .provide([content(answers)])
      .withReducer(rootReducer, visiting('/patient'))
      .run();
    expect(selectForm('patient')(storeState)).toMatchObject({ status: 'failed', offerReload: true });
    expect(deps.services.reload).not.toHaveBeenCalled();
    await expectSaga(function* pageLoad() {
      yield fork(watchChunks, deps);
      yield call(loadContent, deps, 'report');
      yield put(END);
    })
      .provide([content(answers)])
      .withReducer(rootReducer, visiting('/report'))
      .run();
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
  });
});
