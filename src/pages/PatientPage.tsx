import { memo } from 'react';
import { Loaded } from '../app/Loaded';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { PAGE_BANNER_TYPE } from '../contracts/payloads';
import {
  PATIENT_CONSENTS,
  PATIENT_FIELDS,
  PATIENT_MAX_LENGTH,
  SERVICE_CATEGORIES,
  type ConsentField,
  type FieldErrors,
  type PatientField,
} from '../contracts/forms';
import { useContent } from '../features/content/useContent';
import { selectForm } from '../features/forms/selectors';
import { patientSubmitted } from '../features/forms/slice';
import { FormField } from '../ui/FormField';
import { BannerOf } from './common';
import { ConsentFields } from './ConsentFields';
import { FormStatus } from './FormStatus';
import { useMarkedFields } from './useMarkedFields';
import { useUncontrolledForm } from './useUncontrolledForm';

const selectPatient = selectForm('patient');
/** The rules of contracts/forms.ts: category, medication and phone are required. */
const REQUIRED: ReadonlySet<PatientField> = new Set(['category', 'medication', 'phone']);

/** Memoized: what the service says of itself does not change with the form's state. */
const PatientIntro = memo(function PatientIntro() {
  const t = useText();
  const content = useContent('patientContent');
  return (
    <Loaded resource={content} minHeight="8rem">
      {(data) => (
        <div className="patient__intro">
          <h2>{data.title || t.patient.title}</h2>
          <p>{data.des}</p>
          <p className="patient__confidential">{data.confidentiality}</p>
        </div>
      )}
    </Loaded>
  );
});

/**
 * The form's inputs and their errors. Memoized: a submission's status changes the message and
 * the button, and the inputs render again only when their errors do (see useMarkedFields).
 */
const PatientFields = memo(function PatientFields({ fieldErrors }: { fieldErrors: FieldErrors<PatientField | ConsentField> }) {
  const t = useText();
  const text = t.patient;
  const errorOf = (field: PatientField) => fieldErrors[field] && t.forms.fieldErrors[fieldErrors[field]];
  const field = (name: PatientField) => ({ id: `patient-${name}`, required: REQUIRED.has(name), error: errorOf(name) });
  return (
    <>
      <fieldset className="form-field form-field--choices" aria-describedby={errorOf('category') ? 'patient-category-error' : undefined}>
        <legend className="form-field__label">
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
          {text.category}
          <span className="form-field__hint"> — {text.categoryPrompt}</span>
        </legend>
        <div className="choices">
          {SERVICE_CATEGORIES.map((category, index) => (
            <label key={category} className="choice">
              <input
                type="radio"
                name="category"
                id={index === 0 ? 'patient-category' : undefined}
                value={category}
                aria-invalid={Boolean(errorOf('category'))}
              />
              {text.categories[category]}
            </label>
          ))}
        </div>
        {errorOf('category') && (
          <p id="patient-category-error" className="form-field__error">
            {errorOf('category')}
          </p>
        )}
      </fieldset>
      <FormField {...field('medication')} label={text.medication} hint={text.medicationPrompt}>
        {(aria) => <input {...aria} name="medication" maxLength={PATIENT_MAX_LENGTH.medication} />}
      </FormField>
      <FormField {...field('reason')} label={text.reason}>
        {(aria) => <input {...aria} name="reason" maxLength={PATIENT_MAX_LENGTH.reason} />}
      </FormField>
      <div className="form__row">
        <FormField {...field('name')} label={text.name}>
          {(aria) => <input {...aria} name="name" type="text" autoComplete="name" maxLength={PATIENT_MAX_LENGTH.name} />}
        </FormField>
        <FormField {...field('phone')} label={text.phone} hint={text.phonePrompt}>
          {(aria) => <input {...aria} name="phone" type="tel" autoComplete="tel" maxLength={PATIENT_MAX_LENGTH.phone} />}
        </FormField>
      </div>
      <FormField {...field('email')} label={text.email}>
        {(aria) => <input {...aria} name="email" type="email" autoComplete="email" maxLength={PATIENT_MAX_LENGTH.email} />}
      </FormField>
      <FormField {...field('description')} label={text.description} hint={text.descriptionHint}>
        {(aria) => <textarea {...aria} name="description" rows={6} maxLength={PATIENT_MAX_LENGTH.description} />}
      </FormField>
      <ConsentFields form="patient" fieldErrors={fieldErrors} notice={t.consent.patientNotice} consents={PATIENT_CONSENTS} />
    </>
  );
});

export default function PatientPage() {
  const t = useText();
  const dispatch = useAppDispatch();
  useDocumentMeta({ title: t.meta.patient });
  const state = useAppSelector(selectPatient);
  const marked = useMarkedFields(state);
  const form = useUncontrolledForm('patient', state, PATIENT_FIELDS, PATIENT_CONSENTS, (entries) => dispatch(patientSubmitted(entries)));
  const text = t.patient;
  const submitting = state.status === 'submitting';
  return (
    <>
      <BannerOf type={PAGE_BANNER_TYPE.index} title={t.patient.title} ownTitle />
      <div className="detail-page patient">
        <PatientIntro />
        <form className="form form--wide" noValidate {...form} aria-label={text.title}>
          <p className="form__mandatory">
            <span aria-hidden="true">* </span>
            {text.mandatory}
          </p>
          <PatientFields fieldErrors={marked.fieldErrors} />
          <FormStatus form={state} marked={marked} order={[...PATIENT_FIELDS, ...PATIENT_CONSENTS]} idPrefix="patient" />
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? text.submitting : text.submit}
          </button>
        </form>
      </div>
    </>
  );
}
