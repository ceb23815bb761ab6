/**
 * The two public submissions (job application, patient-service message) and the leftover
 * login/upload calls. A submission is validated with the client's own rules, stored (SQLite
 * with synchronous=FULL, or committed in PostgreSQL) and only then acknowledged with code 0; a
 * store that fails answers 500 in the envelope, with nothing stored.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINT } from '../contracts/endpoints';
import { toLocale, type Locale } from '../contracts/locale';
import {
  APPLICATION_CONSENTS,
  APPLICATION_FIELDS,
  PATIENT_CONSENTS,
  PATIENT_FIELDS,
  cleanApplication,
  cleanPatient,
  hasErrors,
  missingConsents,
  type ConsentField,
  validateApplication,
  validatePatient,
  SUBMISSION_BODY_LIMIT,
  type ApplicationForm,
  type PatientForm,
} from '../contracts/forms';
import type { ContentSource } from './content/contentSource';
import type { SubmissionStore } from './submissions/store';
import { fail, ok } from './envelope';
import { MESSAGES, describeFieldErrors, patientReceived } from './messages';
import { visitorKey } from '../http/visitorKey';
import type { Allowance } from '../http/visitorLimits';

/** Each path's submissions per visitor (an IPv4 address, an IPv6 /64: visitorKey.ts). */
export const SUBMIT_RATE_LIMIT: Allowance = { points: 10, windowMs: 60_000 };

type Body = Record<string, unknown>;

function fieldsOf<F extends string>(body: Body, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(fields.map((f) => [f, typeof body[f] === 'string' ? body[f] : ''])) as Record<F, string>;
}

/**
 * PIPL: a submission carries the version of the privacy notice agreed to (`consent`, and
 * `health_consent` for health information). It is checked after the fields, so the original site's
 * messages keep their precedence; the message names the consent that is missing.
 */
function consentProblem(locale: Locale, body: Body, required: readonly ConsentField[]): string | null {
  const missing = missingConsents(fieldsOf(body, required), required);
  if (missing.consent) return MESSAGES[locale].consentMissing;
  if (missing.health_consent) return MESSAGES[locale].healthConsentMissing;
  return null;
}

/**
 * A consent counts for the notice the visitor was shown: every consent must name the version
 * of the current privacy notice (in the request's language). Another version (an old page, a
 * made-up text) is refused, so a stored consent always names a notice that existed. When the
 * notice cannot be read (a CMS that is down), the submission is stored with the versions as
 * given and a warning logged: a report is never lost to an outage of the content.
 */
async function consentVersionProblem(
  request: FastifyRequest,
  content: ContentSource,
  locale: Locale,
  body: Body,
  required: readonly ConsentField[],
): Promise<string | null> {
  let current: unknown;
  try {
    current = ((await content.content('privacyNotice', locale)) as { version?: unknown } | undefined)?.version;
  } catch (error) {
    request.log.warn({ err: error }, 'privacy notice unavailable; consent version not checked');
    return null;
  }
  if (typeof current !== 'string' || !current) {
    request.log.warn('privacy notice without a version; consent version not checked');
    return null;
  }
  const given = fieldsOf(body, required);
  return required.every((field) => given[field] === current) ? null : MESSAGES[locale].consentVersionOutdated;
}

/** Submissions may carry `lan` in the query or the body; zh by default. */
export function requestLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown>;
  const body = (request.body ?? {}) as Body;
  return toLocale(query.lan ?? body.lan);
}

/** Jobs and the privacy notice are read from the content source; every submission is written to the store. */
export function registerSubmissionRoutes(app: FastifyInstance, store: SubmissionStore, content: ContentSource) {
  const limit = store.visitorLimit('submit', SUBMIT_RATE_LIMIT);
  const submit = {
    bodyLimit: SUBMISSION_BODY_LIMIT,
    async preHandler(request: FastifyRequest, reply: FastifyReply) {
      if (!(await limit(`${request.routeOptions.url}:${visitorKey(request.ip)}`)))
        return reply.send(fail(reply, MESSAGES[requestLocale(request)].tooMany, 429));
    },
  };

  app.post(ENDPOINT.recruitSubmit, submit, async (request, reply) => {
    const locale = requestLocale(request);
    const body = (request.body ?? {}) as Body;
    const form: ApplicationForm = cleanApplication(fieldsOf(body, APPLICATION_FIELDS));
    const errors = validateApplication(form);
    if (Object.values(errors).includes('required')) return fail(reply, MESSAGES[locale].applicationIncomplete);
    if (errors.email) return fail(reply, MESSAGES[locale].badEmail);
    if (hasErrors(errors)) return fail(reply, describeFieldErrors(locale, errors));
    const consentRefusal =
      consentProblem(locale, body, APPLICATION_CONSENTS) ?? (await consentVersionProblem(request, content, locale, body, APPLICATION_CONSENTS));
    if (consentRefusal) return fail(reply, consentRefusal);
    const jobId = Number(body.id);
    // A CMS that is down never costs an application: it is stored with the job's id alone.
    const jobTitle = Number.isInteger(jobId)
      ? await Promise.resolve(content.jobTitle(jobId, locale)).catch((error: unknown) => {
          request.log.warn({ err: error, jobId }, 'job title unavailable; application stored without it');
          return '';
        })
      : undefined;
    if (jobTitle === undefined) return fail(reply, MESSAGES[locale].unknownJob);
    await store.saveApplication({ id: jobId, title: jobTitle }, form, fieldsOf(body, APPLICATION_CONSENTS), request.ip);
    return ok(null, MESSAGES[locale].submitted);
  });

  app.post(ENDPOINT.patientSubmit, submit, async (request, reply) => {
    const locale = requestLocale(request);
    const body = (request.body ?? {}) as Body;
    const form: PatientForm = cleanPatient(fieldsOf(body, PATIENT_FIELDS));
    const errors = validatePatient(form);
    if (hasErrors(errors)) return fail(reply, describeFieldErrors(locale, errors));
    const consentRefusal = consentProblem(locale, body, PATIENT_CONSENTS) ?? (await consentVersionProblem(request, content, locale, body, PATIENT_CONSENTS));
    if (consentRefusal) return fail(reply, consentRefusal);
    const reference = await store.savePatientMessage(form, fieldsOf(body, PATIENT_CONSENTS), request.ip);
    return ok({ reference }, patientReceived(locale, reference));
  });

  app.post(ENDPOINT.logout, async (request) => ok(null, MESSAGES[requestLocale(request)].loggedOut));
  app.post(ENDPOINT.upload, { bodyLimit: 1024 }, async (request, reply) => fail(reply, MESSAGES[requestLocale(request)].uploadRefused));
}
