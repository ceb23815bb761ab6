import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { ApplicationForm, ConsentField, FieldErrors, PatientForm } from '../../contracts/forms';
import { routeEntered } from '../shared/route';

export type FormName = 'application' | 'patient';

/** One form on one page: the patient form, or the application form of one job. */
export type FormKey = 'patient' | `application:${string}`;
export const applicationForm = (jobId: string): FormKey => `application:${jobId}`;
export const formNameOf = (key: FormKey): FormName => (key === 'patient' ? 'patient' : 'application');

/**
 * What the store knows of a form: where its submission stands, never what the visitor typed.
 * The values stay in the form's inputs and travel only in the submit action.
 */
export type FormState<F extends string> =
  | { status: 'idle' }
  /** `submission`: the id of the submission in flight; only its answer marks the form. */
  | { status: 'submitting'; submission: string }
  /** `reference`: the case reference of the message sent, for a follow-up call (patient form). */
  | { status: 'succeeded'; message: string; reference: string | null }
  /**
   * `error`: the form-level sentence; `fieldErrors`: the fields (and consent boxes) to fix;
   * `refusal`: 1, or one more than the refusal this one follows: the form moves focus once per
   * refusal, not when an edit takes an error away; `offerReload`: the site was updated under the
   * page, which only a reload cures (a button).
   */
  | { status: 'failed'; fieldErrors: FieldErrors<F | ConsentField>; error: string; refusal: number; offerReload?: true };

/**
 * Keyed by the form it describes (FormKey): job A's refusal is not job B's. A form no key names
 * is idle. Leaving a page forgets its forms: an answer that arrives afterwards is announced by
 * the saga (a toast) but marks no form.
 */
export interface FormsState {
  /** The page the forms are on. */
  path: string | null;
  byKey: Partial<Record<FormKey, FormState<string>>>;
}

/** The consent boxes ticked; the version of the notice agreed to is added when sending. */
export type ConsentTicks = Partial<Record<ConsentField, boolean>>;

const initialState: FormsState = { path: null, byKey: {} };

/** Whether a form still waits for this submission's answer (not forgotten, not sent anew since). */
export const awaits = (form: FormState<string> | undefined, submission: string) => form?.status === 'submitting' && form.submission === submission;

const formsSlice = createSlice({
  name: 'forms',
  initialState,
  reducers: {
    /** The visitor changed a field or a consent box: its error goes, and so does an old success message. */
    fieldEdited(state, action: PayloadAction<{ form: FormKey; field: string }>) {
      const { form, field } = action.payload;
      const target = state.byKey[form];
      if (target?.status === 'failed') delete target.fieldErrors[field];
      else if (target?.status === 'succeeded') delete state.byKey[form];
    },
    applicationSubmitted(_state, _action: PayloadAction<{ jobId: string; values: ApplicationForm; consents: ConsentTicks }>) {},
    patientSubmitted(_state, _action: PayloadAction<{ values: PatientForm; consents: ConsentTicks }>) {},
    /** A submission goes out, with an id of its own (made here, so a replay repeats it). */
    submitStarted: {
      reducer(state, action: PayloadAction<{ form: FormKey; submission: string }>) {
        state.byKey[action.payload.form] = { status: 'submitting', submission: action.payload.submission };
      },
      prepare: (payload: { form: FormKey }) => ({ payload: { ...payload, submission: nanoid() } }),
    },
    /**
     * Refused: by validation (before anything is sent), or by the answer to a `submission`,
     * which marks the form only while it still waits for that very submission.
     */
    submitRejected(state, action: PayloadAction<{ form: FormKey; fieldErrors: FieldErrors<string>; error: string; submission?: string; offerReload?: true }>) {
      const { form, fieldErrors, error, submission, offerReload } = action.payload;
      const previous = state.byKey[form];
      if (submission !== undefined && !awaits(previous, submission)) return;
      const refusal = previous?.status === 'failed' ? previous.refusal + 1 : 1;
      state.byKey[form] = offerReload ? { status: 'failed', fieldErrors, error, refusal, offerReload } : { status: 'failed', fieldErrors, error, refusal };
    },
    /** The form's inputs are cleared by the view when it sees this status. */
    submitSucceeded(state, action: PayloadAction<{ form: FormKey; submission: string; message: string; reference?: string | null }>) {
      const { form, submission, message, reference = null } = action.payload;
      if (!awaits(state.byKey[form], submission)) return;
      state.byKey[form] = { status: 'succeeded', message, reference };
    },
  },
  extraReducers: (builder) => {
    // Leaving a page forgets its forms (a hash or query on the same page keeps them).
    builder.addCase(routeEntered, (state, action) => {
      if (action.payload.path !== state.path) return { path: action.payload.path, byKey: {} };
    });
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
