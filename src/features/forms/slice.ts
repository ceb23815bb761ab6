import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  EMPTY_APPLICATION,
  EMPTY_PATIENT,
  type ApplicationField,
  type ConsentField,
  type FieldErrors,
  type PatientField,
} from '../../contracts/forms';

export type FormName = 'application' | 'patient';
export type FormStatus = 'idle' | 'submitting' | 'succeeded' | 'failed';

export interface FormState<F extends string> {
  values: Record<F, string>;
  status: FormStatus;
  /** The consent checkboxes ticked; the version agreed to is added when sending. */
  consents: Partial<Record<ConsentField, boolean>>;
  fieldErrors: FieldErrors<F | ConsentField>;
  /** A readable sentence for the form-level message; null when there is none. */
  error: string | null;
  /** The success message shown to the visitor. */
  message: string | null;
  /** The case reference of the last message sent, for a follow-up call (patient form). */
  reference: string | null;
}

export interface FormsState {
  application: FormState<ApplicationField>;
  patient: FormState<PatientField>;
}

const fresh = <F extends string>(values: Record<F, string>): FormState<F> => ({
  values,
  status: 'idle',
  consents: {},
  fieldErrors: {},
  error: null,
  message: null,
  reference: null,
});

const initialState: FormsState = { application: fresh(EMPTY_APPLICATION), patient: fresh(EMPTY_PATIENT) };

const formsSlice = createSlice({
  name: 'forms',
  initialState,
  reducers: {
    fieldChanged(state, action: PayloadAction<{ form: FormName; field: string; value: string }>) {
      const { form, field, value } = action.payload;
      const target = state[form] as FormState<string>;
      if (!(field in target.values)) return;
      target.values[field] = value;
      delete target.fieldErrors[field];
      if (target.status === 'succeeded') target.message = null;
    },
    consentChanged(state, action: PayloadAction<{ form: FormName; consent: ConsentField; given: boolean }>) {
      const { form, consent, given } = action.payload;
      const target = state[form];
      target.consents[consent] = given;
      delete target.fieldErrors[consent];
      if (target.status === 'succeeded') target.message = null;
    },
    applicationSubmitted(_state, _action: PayloadAction<{ jobId: string }>) {},
    patientSubmitted() {},
    submitStarted(state, action: PayloadAction<{ form: FormName }>) {
      const target = state[action.payload.form];
      target.status = 'submitting';
      target.fieldErrors = {};
      target.error = null;
      target.message = null;
      target.reference = null;
    },
    submitRejected(state, action: PayloadAction<{ form: FormName; fieldErrors: Record<string, string>; error: string }>) {
      const target = state[action.payload.form] as FormState<string>;
      target.status = 'failed';
      target.fieldErrors = action.payload.fieldErrors as FieldErrors<string>;
      target.error = action.payload.error;
    },
    /** Only success clears what the visitor typed. */
    submitSucceeded(state, action: PayloadAction<{ form: FormName; message: string; reference?: string | null }>) {
      const { form, message, reference = null } = action.payload;
      state[form] = { ...fresh(initialState[form].values), status: 'succeeded', message, reference } as never;
    },
  },
});

export const {
  fieldChanged: formFieldChanged,
  consentChanged: formConsentChanged,
  applicationSubmitted,
  patientSubmitted,
  submitStarted: formSubmitting,
  submitRejected: formRejected,
  submitSucceeded: formSucceeded,
} = formsSlice.actions;
export default formsSlice.reducer;
