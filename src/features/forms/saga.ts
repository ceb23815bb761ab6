import { call, cancel, fork, put, take } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import {
  APPLICATION_CONSENTS,
  APPLICATION_FIELDS,
  PATIENT_CONSENTS,
  PATIENT_FIELDS,
  cleanApplication,
  hasErrors,
  validateApplication,
  validatePatient,
  type ConsentField,
  type Consents,
  type FieldErrors,
} from '../../contracts/forms';
import type { Locale } from '../../contracts/locale';
import { dictionary, format } from '../../i18n';
import type { Deps } from '../deps';
import { loadContent } from '../content/saga';
import type { ContentData } from '../content/types';
import { callApiAs, type ApiResult } from '../shared/callApi';
import { errorText } from '../shared/errorText';
import { sagaMemory, type SagaMemory } from '../shared/sagaMemory';
import {
  applicationForm,
  applicationSubmitted,
  formNameOf,
  formRejected,
  formSubmitting,
  formSucceeded,
  patientSubmitted,
  type ConsentTicks,
  type FormKey,
  type FormName,
} from './slice';
import { routeEntered } from '../shared/route';

const REQUIRED_CONSENTS: Record<FormName, readonly ConsentField[]> = { application: APPLICATION_CONSENTS, patient: PATIENT_CONSENTS };

/**
 * The form-level sentence for invalid input. The original site's warnings (应聘信息请填写完整！, 邮箱格式不正确！) keep precedence: field
 * problems are reported first, a missing consent only once the fields are right.
 */
function invalidMessage(form: FormName, fieldErrors: FieldErrors<string>, consentErrors: FieldErrors<ConsentField>, locale: Locale): string {
  const text = dictionary(locale).forms;
  if (hasErrors(fieldErrors)) {
    if (form === 'patient') return text.invalid;
    const problems = Object.values(fieldErrors);
    if (problems.includes('required')) return text.incomplete;
    if (problems.includes('tooLong')) return text.tooLong;
    return problems.includes('invalidEmail') ? text.badEmail : text.invalid;
  }
  return consentErrors.consent ? text.consentMissing : text.healthConsentMissing;
}

/** The consent checkboxes not ticked, as field errors of their own. */
function uncheckedConsents(form: FormName, ticked: ConsentTicks): FieldErrors<ConsentField> {
  const errors: FieldErrors<ConsentField> = {};
  for (const consent of REQUIRED_CONSENTS[form]) if (!ticked[consent]) errors[consent] = 'required';
  return errors;
}

/** The privacy notice the visitor agreed to (its version is sent with the form). */
function* loadNotice(deps: Deps) {
  const notice: ApiResult<ContentData['privacyNotice']> = yield* loadContent(deps, 'privacyNotice', {}, { submission: true });
  return notice;
}

type Send = (consents: Consents) => Promise<{ reference: string }>;

/** Ends when the visitor leaves `page` (an entry of another path): the form, and what was typed in it, is gone. */
function* leaving(page: string | null) {
  for (;;) {
    const action: ReturnType<typeof routeEntered> = yield take(routeEntered.type);
    if (action.payload.path !== page) return;
  }
}

/**
 * Validate, then send once. The values and ticks come with the submit action and are kept in
 * no state: the form keeps them on every failure and clears itself on formSucceeded.
 */
function* submitForm(deps: Deps, key: FormKey, page: string | null, fieldErrors: FieldErrors<string>, ticked: ConsentTicks, send: Send) {
  const { services } = deps;
  const form = formNameOf(key);
  const { locale }: SagaMemory = yield* sagaMemory();
  const text = dictionary(locale).forms;
  const consentErrors = uncheckedConsents(form, ticked);
  if (hasErrors(fieldErrors) || hasErrors(consentErrors)) {
    const message = invalidMessage(form, fieldErrors, consentErrors, locale);
    yield put(formRejected({ form: key, fieldErrors: { ...fieldErrors, ...consentErrors }, error: message }));
    yield call(services.toast.warning, message);
    return;
  }
  const started = formSubmitting({ form: key });
  yield put(started);
  const { submission } = started.payload;
  // Whether the visitor is still on the form's page is this saga's own knowledge, not the state's
  // (Redux DevTools may be showing the past): it watches for the entry that leaves it.
  const left: Task = yield fork(leaving, page);
  try {
    /**
     * A refusal the form shows; when the visitor has left its page, a toast says it instead (in
     * `afterLeaving`'s words where the form's would be untrue there), unless the errors saga toasts
     * it already (an envelope error).
     */
    function* refuse(
      error: string,
      { toasted = false, offerReload, afterLeaving = error }: { toasted?: boolean; offerReload?: true; afterLeaving?: string } = {},
    ) {
      const shown = left.isRunning();
      yield put(formRejected({ form: key, fieldErrors: {}, error, submission, ...(offerReload ? { offerReload } : {}) }));
      if (!shown && !toasted) yield call(services.toast.error, afterLeaving);
    }
    const notice: ApiResult<ContentData['privacyNotice']> = yield call(loadNotice, deps);
    const version = notice.ok ? notice.data.version : '';
    if (!version) {
      // An envelope error of the notice is toasted by the errors saga already.
      yield* refuse(text.noticeUnavailable, { toasted: !notice.ok && notice.error.kind !== 'network' });
      return;
    }
    const consents = Object.fromEntries(REQUIRED_CONSENTS[form].map((consent) => [consent, version])) as Consents;
    const result: ApiResult<{ reference: string }> = yield* callApiAs({ submission: true }, deps, send, consents);
    if (!result.ok) {
      // The site was updated under the page: the reload guard leaves a submission's page alone, so
      // the form keeps what was typed and offers the reload itself.
      if (result.siteUpdated) {
        // Once the visitor has left, the form and what was typed in it are gone: the toast says so.
        yield* refuse(text.siteUpdated, { offerReload: true, afterLeaving: text.siteUpdatedAfterLeaving });
        return;
      }
      // An envelope error is also toasted by the errors saga: the form repeats the toast's words.
      // A network failure is never toasted there (only logged), so the form says nothing was sent.
      const { error } = result;
      yield* refuse(error.kind === 'network' ? text.network : errorText(error, dictionary(locale)), { toasted: error.kind !== 'network' });
      return;
    }
    const { reference } = result.data;
    const message = reference ? format(text.submittedWithReference, { reference }) : text.submitted;
    yield put(formSucceeded({ form: key, submission, message, reference: reference || null }));
    yield call(services.toast.success, message);
  } finally {
    yield cancel(left);
  }
}

/** Exactly the form's fields, as strings: a replayed or hand-made action may carry fewer or more. */
function fieldsOf<F extends string>(fields: readonly F[], values: Partial<Record<string, unknown>>): Record<F, string> {
  return Object.fromEntries(fields.map((field) => [field, typeof values[field] === 'string' ? values[field] : ''])) as Record<F, string>;
}

/** `page`: the path the form was sent from; leaving it makes the form's answers toasts. */
export function* submitApplication(deps: Deps, action: ReturnType<typeof applicationSubmitted>, page: string | null) {
  const { jobId, consents } = action.payload;
  const values = fieldsOf(APPLICATION_FIELDS, action.payload.values);
  const { locale }: SagaMemory = yield* sagaMemory();
  const send: Send = async (agreed) => {
    // Sent as validated: trimmed, name and phone without control characters (cleanApplication).
    await deps.api.submitApplication(locale, { ...cleanApplication(values), id: jobId, ...agreed });
    return { reference: '' };
  };
  yield call(submitForm, deps, applicationForm(jobId), page, validateApplication(values), consents, send);
}

export function* submitPatient(deps: Deps, action: ReturnType<typeof patientSubmitted>, page: string | null) {
  const { consents } = action.payload;
  const values = fieldsOf(PATIENT_FIELDS, action.payload.values);
  const { locale }: SagaMemory = yield* sagaMemory();
  yield call(submitForm, deps, 'patient', page, validatePatient(values), consents, (agreed) => deps.api.submitPatient(locale, { ...values, ...agreed }));
}

type Submitted = ReturnType<typeof applicationSubmitted> | ReturnType<typeof patientSubmitted>;

const keyOf = (action: Submitted): FormKey => (applicationSubmitted.match(action) ? applicationForm(action.payload.jobId) : 'patient');

/** One submission of a form, to its end. */
function* submitted(deps: Deps, action: Submitted, page: string | null) {
  if (applicationSubmitted.match(action)) yield call(submitApplication, deps, action, page);
  else yield call(submitPatient, deps, action, page);
}

/**
 * A form's submission is a task of the sagas' keyed tasks (shared/sharedLoads.ts), as a page's
 * loads and More are: a second click while it is in flight joins it and sends nothing; another
 * job's form is another form. Leaving the page forgets its forms, as the slice does: the key
 * names the visit, so a submission still in flight there is announced when it answers, and the
 * form the visitor finds on coming back can be sent anew. The page is this watcher's own variable
 * (the page it starts on, the sagas' memory's), the visit is counted in the sagas' memory (a
 * watcher restarted never counts from 0 again, so it never joins an old visit's submission),
 * never in the state.
 */
export function* watchForms(deps: Deps) {
  const memory: SagaMemory = yield* sagaMemory();
  let page = memory.route?.path ?? null;
  for (;;) {
    const action: Submitted | ReturnType<typeof routeEntered> = yield take([applicationSubmitted.type, patientSubmitted.type, routeEntered.type]);
    if (routeEntered.match(action)) {
      page = action.payload.path;
      memory.visitOf(page);
      continue;
    }
    const key = submissionKey(memory.visitOf(page), keyOf(action));
    const sentFrom = page;
    yield fork(function* submission() {
      yield* memory.loads.join(key, submitted, deps, action, sentFrom);
    });
  }
}

/** A form's submissions among the sagas' keyed tasks: one per form and visit of its page. */
export const submissionKey = (visit: number, form: FormKey) => `form|${visit}|${form}`;
