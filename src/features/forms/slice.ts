import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApplicationField, ApplicationForm, ConsentField, FieldErrors, PatientField, PatientForm } from '../../contracts/forms';

export type FormName = 'application' | 'patient';

/**
 * What the store knows of a form: where its submission stands, never what the visitor typed.
 * The values stay in the form's inputs and travel only in the submit action.
 */
export type FormState<F extends string> =
  | { status: 'idle' }
  | { status: 'submitting' }
  /** `reference`: the case reference of the message sent, for a follow-up call (patient form). */
  | { status: 'succeeded'; message: string; reference: string | null }
  /**
   * `error`: the form-level sentence; `fieldErrors`: the fields (and consent boxes) to fix;
   * `refusal`: 1, or one more than the refusal this one follows: the form moves focus once per
   * refusal, not when an edit takes an error away; `offerReload`: the site was updated under the
   * page, which only a reload cures (a button).
   */
  | { status: 'failed'; fieldErrors: FieldErrors<F | ConsentField>; error: string; refusal: number; offerReload?: true };

export interface FormsState {
  application: FormState<ApplicationField>;
  patient: FormState<PatientField>;
}

/** The consent boxes ticked; the version of the notice agreed to is added when sending. */
export type ConsentTicks = Partial<Record<ConsentField, boolean>>;

const initialState: FormsState = { application: { status: 'idle' }, patient: { status: 'idle' } };

const formsSlice = createSlice({
  name: 'forms',
  initialState,
  reducers: {
    /** The visitor changed a field or a consent box: its error goes, and so does an old success message. */
    fieldEdited(state, action: PayloadAction<{ form: FormName; field: string }>) {
      const { form, field } = action.payload;
      const target = state[form] as FormState<string>;
      if (target.status === 'failed') delete target.fieldErrors[field];
      else if (target.status === 'succeeded') state[form] = { status: 'idle' };
    },
    applicationSubmitted(_state, _action: PayloadAction<{ jobId: string; values: ApplicationForm; consents: ConsentTicks }>) {},
    patientSubmitted(_state, _action: PayloadAction<{ values: PatientForm; consents: ConsentTicks }>) {},
    submitStarted(state, action: PayloadAction<{ form: FormName }>) {
      state[action.payload.form] = { status: 'submitting' };
    },
    submitRejected(state, action: PayloadAction<{ form: FormName; fieldErrors: FieldErrors<string>; error: string; offerReload?: true }>) {
      const { form, fieldErrors, error, offerReload } = action.payload;
      const previous = state[form];
      const refusal = previous.status === 'failed' ? previous.refusal + 1 : 1;
      state[form] = offerReload ? { status: 'failed', fieldErrors, error, refusal, offerReload } : { status: 'failed', fieldErrors, error, refusal };
    },
    /** The form's inputs are cleared by the view when it sees this status. */
    submitSucceeded(state, action: PayloadAction<{ form: FormName; message: string; reference?: string | null }>) {
      const { form, message, reference = null } = action.payload;
      state[form] = { status: 'succeeded', message, reference };
    },
  },
});

export const {
  fieldEdited: formFieldEdited,
  applicationSubmitted,
  patientSubmitted,
  submitStarted: formSubmitting,
  submitRejected: formRejected,
  submitSucceeded: formSucceeded,
} = formsSlice.actions;
export default formsSlice.reducer;
