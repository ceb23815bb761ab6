/**
 * Validation of the two public forms, shared by the client (instant feedback) and the
 * provider (the rule that counts). Errors are codes; each side words them in its locale.
 */

/**
 * The original site's e-mail pattern (alphanumeric start, word or hyphen characters, @, a
 * domain, a dot, 2–4 letters) widened to the addresses people have: an alphanumeric start, then
 * word characters, `+` or `-`, dot-separated (first.last@); a domain of one or more labels before
 * the top-level one (pku.edu.cn, sina.com.cn, vip.163.com); a top-level domain of 2–63 letters
 * (.museum, .technology). Empty labels, leading or doubled dots and spaces stay refused.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9][\w+-]*(?:\.[\w+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export type FieldError = 'required' | 'tooLong' | 'invalidEmail' | 'invalidChoice' | 'invalidPhone';
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

/**
 * Characters that steer a terminal or reorder text instead of being text: C0 and C1 controls
 * (ESC starts terminal sequences, OSC-8 links among them), DEL, and the bidi controls
 * (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069) that make text read otherwise than it is
 * stored. The staff tools escape them on output (`src/provider/staff/inert.ts`).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_AND_BIDI = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text as either database stores it. PostgreSQL refuses NUL and SQLite keeps it, and each would
 * keep other control characters and broken surrogate pairs its own way: they are taken out (tab
 * and line breaks stay) before a value reaches either, so a message is stored alike on both.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
export const storable = (value: string): string => value.replace(UNSTORABLE, '');

/** A name or phone number as kept: control and bidi characters taken out, then trimmed. */
export const stripControls = (value: string): string => storable(value).replace(CONTROL_AND_BIDI, '').trim();

/** Digits with the usual separators: enough to call the visitor back, any country. */
const PHONE_PATTERN = /^\+?[\d\s()-]{5,30}$/;

// ---- Job application: name, phone and email, all required ----

export const APPLICATION_FIELDS = ['name', 'phone', 'email'] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];
export type ApplicationForm = Record<ApplicationField, string>;

export const APPLICATION_MAX_LENGTH: Record<ApplicationField, number> = { name: 50, phone: 30, email: 100 };

/** The application as stored and sent: every field cleaned (`storable`) and trimmed, name and phone without control or bidi characters. */
export function cleanApplication(form: ApplicationForm): ApplicationForm {
  return { name: stripControls(form.name), phone: stripControls(form.phone), email: storable(form.email).trim() };
}

/**
 * Judged as it will be stored (`cleanApplication`): empty fields first (one warning for all),
 * then the email pattern and the phone format (the patient form's).
 */
export function validateApplication(raw: ApplicationForm): FieldErrors<ApplicationField> {
  const form = cleanApplication(raw);
  const errors: FieldErrors<ApplicationField> = {};
  for (const field of APPLICATION_FIELDS) {
    const value = form[field];
    if (!value) errors[field] = 'required';
    else if (value.length > APPLICATION_MAX_LENGTH[field]) errors[field] = 'tooLong';
  }
  if (!errors.email && !EMAIL_PATTERN.test(form.email)) errors.email = 'invalidEmail';
  if (!errors.phone && !PHONE_PATTERN.test(form.phone)) errors.phone = 'invalidPhone';
  return errors;
}

// ---- Patient-service message ----

export const SERVICE_CATEGORIES = ['medical', 'adverse', 'product', 'other'] as const;

export const PATIENT_FIELDS = ['category', 'medication', 'reason', 'name', 'phone', 'email', 'description'] as const;
export type PatientField = (typeof PATIENT_FIELDS)[number];
export type PatientForm = Record<PatientField, string>;

export const PATIENT_MAX_LENGTH: Record<PatientField, number> = {
  category: 20,
  medication: 100,
  reason: 200,
  name: 50,
  phone: 30,
  email: 100,
  description: 2000,
};

/** The message as stored: every field cleaned (`storable`: a field of control characters alone is empty) and trimmed, name and phone without control or bidi characters. */
export function cleanPatient(form: PatientForm): PatientForm {
  const trimmed = Object.fromEntries(PATIENT_FIELDS.map((field) => [field, storable(form[field]).trim()])) as PatientForm;
  return { ...trimmed, name: stripControls(form.name), phone: stripControls(form.phone) };
}

/**
 * Pharmacovigilance minimum: what kind of request, which medicine, and a way to reach the
 * reporter. An adverse-reaction report also needs the event described. E-mail is optional
 * but must be well-formed when given. Judged as it will be stored (`cleanPatient`).
 */
export function validatePatient(raw: PatientForm): FieldErrors<PatientField> {
  const form = cleanPatient(raw);
  const errors: FieldErrors<PatientField> = {};
  const value = (field: PatientField) => form[field];
  for (const field of PATIENT_FIELDS) {
    if (value(field).length > PATIENT_MAX_LENGTH[field]) errors[field] = 'tooLong';
  }
  if (!value('category')) errors.category = 'required';
  else if (!(SERVICE_CATEGORIES as readonly string[]).includes(value('category'))) errors.category = 'invalidChoice';
  if (!value('medication')) errors.medication = 'required';
  if (!value('phone')) errors.phone = 'required';
  else if (!errors.phone && !PHONE_PATTERN.test(value('phone'))) errors.phone = 'invalidPhone';
  if (value('email') && !errors.email && !EMAIL_PATTERN.test(value('email'))) errors.email = 'invalidEmail';
  if (value('category') === 'adverse' && !value('description')) errors.description = 'required';
  return errors;
}

// ---- What a submission weighs on the wire ----

/** A character of the Basic Multilingual Plane (all of Chinese) is 3 UTF-8 bytes, %XX%XX%XX once form-encoded. */
const MAX_ENCODED_BYTES_PER_CHAR = 9;
/** Field names, consents, `lan`, `id` and separators: far below this. */
const FORM_OVERHEAD_BYTES = 2 * 1024;
const longestForm = Math.max(...[APPLICATION_MAX_LENGTH, PATIENT_MAX_LENGTH].map((limits) => Object.values(limits).reduce((sum, n) => sum + n, 0)));

/**
 * The body limit of the submissions, at the site proxy and the provider alike: every field of
 * the longest form filled to its limit with Chinese, twice over, so a visitor's report is
 * judged by the form's rules (a field too long is named), never cut off as bytes.
 */
export const SUBMISSION_BODY_LIMIT = 2 * (longestForm * MAX_ENCODED_BYTES_PER_CHAR + FORM_OVERHEAD_BYTES);

// ---- Consent (PIPL): asked after the fields, separately for health information ----

/** The body fields that carry consent: each holds the version of the privacy notice agreed to. */
export const APPLICATION_CONSENTS = ['consent'] as const;
export const PATIENT_CONSENTS = ['consent', 'health_consent'] as const;
export type ConsentField = (typeof PATIENT_CONSENTS)[number];
export type Consents = Partial<Record<ConsentField, string>>;

/** A consent names a version: here any non-empty text; the provider also checks it is the current notice's. */
export function missingConsents(consents: Consents, required: readonly ConsentField[]): FieldErrors<ConsentField> {
  const errors: FieldErrors<ConsentField> = {};
  for (const field of required) if (!consents[field]?.trim()) errors[field] = 'required';
  return errors;
}

export function hasErrors(errors: Record<string, unknown>): boolean {
  return Object.keys(errors).length > 0;
}

export const EMPTY_APPLICATION: ApplicationForm = { name: '', phone: '', email: '' };
export const EMPTY_PATIENT: PatientForm = {
  category: '',
  medication: '',
  reason: '',
  name: '',
  phone: '',
  email: '',
  description: '',
};
