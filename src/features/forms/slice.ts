import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  EMPTY_APPLICATION,
  EMPTY_PATIENT,
  type ApplicationField,
  type FieldErrors,
  type PatientField,
} from '../../contracts/forms';

export type FormName = 'application' | 'patient';
export type FormStatus = 'idle' | 'submitting' | 'succeeded' | 'failed';

export interface FormState<F extends string> {
  values: Record<F, string>;
  status: FormStatus;
  fieldErrors: FieldErrors<F>;
  /** A readable sentence for the form-level message; null when there is none. */
  error: string | null;
  /** The success message the provider answered with. */
  message: string | null;
}

export interface FormsState {
  application: FormState<ApplicationField>;
  patient: FormState<PatientField>;
}

const fresh = <F extends string>(values: Record<F, string>): FormState<F> => ({
  values,
  status: 'idle',
  fieldErrors: {},
  error: null,
  message: null,
});

const initialState: FormsState = { application: fresh(EMPTY_APPLICATION), patient: fresh(EMPTY_PATIENT) };

const formsSlice = createSlice({
  name: 'forms',
  initialState,
  reducers: {
    formFieldChanged(state, action: PayloadAction<{ form: FormName; field: string; value: string }>) {
      const { form, field, value } = action.payload;
      const target = state[form] as FormState<string>;
      if (!(field in target.values)) return;
      target.values[field] = value;
      delete target.fieldErrors[field];
      if (target.status === 'succeeded') target.message = null;
    },
    applicationSubmitted(_state, _action: PayloadAction<{ jobId: string }>) {},
    patientSubmitted() {},
    formSubmitting(state, action: PayloadAction<{ form: FormName }>) {
      const target = state[action.payload.form];
      target.status = 'submitting';
      target.fieldErrors = {};
      target.error = null;
      target.message = null;
    },
    formRejected(state, action: PayloadAction<{ form: FormName; fieldErrors: Record<string, string>; error: string }>) {
      const target = state[action.payload.form] as FormState<string>;
      target.status = 'failed';
      target.fieldErrors = action.payload.fieldErrors as FieldErrors<string>;
      target.error = action.payload.error;
    },
    /** Only success clears what the visitor typed. */
    formSucceeded(state, action: PayloadAction<{ form: FormName; message: string }>) {
      const { form, message } = action.payload;
      state[form] = { ...fresh(initialState[form].values), status: 'succeeded', message } as never;
    },
  },
});

export const { formFieldChanged, applicationSubmitted, patientSubmitted, formSubmitting, formRejected, formSucceeded } = formsSlice.actions;
export default formsSlice.reducer;
