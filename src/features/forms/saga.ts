import { call, put, select, takeLeading } from 'redux-saga/effects';
import type { ApiError } from '../../api/types';
import { hasErrors, validateApplication, validatePatient, type FieldErrors } from '../../contracts/forms';
import type { Locale } from '../../contracts/locale';
import { dictionary } from '../../i18n';
import type { RootState } from '../../app/store';
import type { Deps } from '../deps';
import { apiFailed } from '../errors/actions';
import { selectLocale } from '../locale/selectors';
import { applicationSubmitted, formRejected, formSubmitting, formSucceeded, patientSubmitted, type FormName } from './slice';

/** The form-level sentence for invalid input: SPEC §5's two warnings for the application. */
function invalidMessage(form: FormName, errors: FieldErrors<string>, locale: Locale): string {
  const text = dictionary(locale).forms;
  if (form === 'patient') return text.invalid;
  return Object.values(errors).includes('required') ? text.incomplete : text.badEmail;
}

/**
 * Validate, then send once. Invalid input and every failure keep what the visitor typed;
 * only the provider's code 0 clears the form (formSucceeded).
 */
function* submitForm({ services }: Deps, form: FormName, errors: FieldErrors<string>, send: () => Promise<string>) {
  const locale: Locale = yield select(selectLocale);
  const text = dictionary(locale).forms;
  if (hasErrors(errors)) {
    const message = invalidMessage(form, errors, locale);
    yield put(formRejected({ form, fieldErrors: errors as Record<string, string>, error: message }));
    yield call(services.toast.warning, message);
    return;
  }
  yield put(formSubmitting({ form }));
  try {
    yield call(send);
  } catch (caught) {
    const error = caught as ApiError;
    yield put(formRejected({ form, fieldErrors: {}, error: error.kind === 'network' ? text.network : error.msg || text.network }));
    yield put(apiFailed(error));
    return;
  }
  yield put(formSucceeded({ form, message: text.submitted }));
  yield call(services.toast.success, text.submitted);
}

export function* submitApplication(deps: Deps, action: ReturnType<typeof applicationSubmitted>) {
  const values: RootState['forms']['application']['values'] = yield select((state: RootState) => state.forms.application.values);
  const locale: Locale = yield select(selectLocale);
  const form = { name: values.name.trim(), phone: values.phone.trim(), email: values.email.trim(), id: action.payload.jobId };
  yield call(submitForm, deps, 'application', validateApplication(values), () => deps.api.submitApplication(locale, form));
}

export function* submitPatient(deps: Deps) {
  const values: RootState['forms']['patient']['values'] = yield select((state: RootState) => state.forms.patient.values);
  const locale: Locale = yield select(selectLocale);
  yield call(submitForm, deps, 'patient', validatePatient(values), () => deps.api.submitPatient(locale, values));
}

/** takeLeading: a second click while one submission is in flight is ignored. */
export function* watchForms(deps: Deps) {
  yield takeLeading(applicationSubmitted.type, submitApplication, deps);
  yield takeLeading(patientSubmitted.type, submitPatient, deps);
}
