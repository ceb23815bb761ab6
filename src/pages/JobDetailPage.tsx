import { memo } from 'react';
import { Loaded } from '../app/Loaded';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import type { PageProps } from '../app/pages';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import {
  APPLICATION_CONSENTS,
  APPLICATION_FIELDS,
  APPLICATION_MAX_LENGTH,
  type ApplicationField,
  type ConsentField,
  type FieldErrors,
} from '../contracts/forms';
import { PAGE_BANNER_TYPE } from '../contracts/payloads';
import { useContent } from '../features/content/useContent';
import { selectForm } from '../features/forms/selectors';
import { applicationForm, applicationSubmitted } from '../features/forms/slice';
import { selectMediaUrl } from '../features/site/selectors';
import { FormField } from '../ui/FormField';
import { RichHtml } from '../ui/RichHtml';
import { BannerOf, PageBreadcrumbs } from './common';
import { ConsentFields } from './ConsentFields';
import { FormStatus } from './FormStatus';
import { useMarkedFields } from './useMarkedFields';
import { useUncontrolledForm } from './useUncontrolledForm';

const INPUT_TYPE = { name: 'text', phone: 'tel', email: 'email' } as const;
const AUTOCOMPLETE = { name: 'name', phone: 'tel', email: 'email' } as const;

/** The form's inputs and their errors; memoized like the patient form's (see useMarkedFields). */
const ApplicationFields = memo(function ApplicationFields({ fieldErrors }: { fieldErrors: FieldErrors<ApplicationField | ConsentField> }) {
  const t = useText();
  return (
    <>
      {APPLICATION_FIELDS.map((field) => (
        <FormField key={field} id={`application-${field}`} label={t.job[field]} required error={fieldErrors[field] && t.forms.fieldErrors[fieldErrors[field]]}>
          {(aria) => <input {...aria} name={field} type={INPUT_TYPE[field]} autoComplete={AUTOCOMPLETE[field]} maxLength={APPLICATION_MAX_LENGTH[field]} />}
        </FormField>
      ))}
      <ConsentFields form="application" fieldErrors={fieldErrors} notice={t.consent.applicationNotice} consents={APPLICATION_CONSENTS} />
    </>
  );
});

function ApplicationForm({ jobId }: { jobId: string }) {
  const t = useText();
  const dispatch = useAppDispatch();
  const key = applicationForm(jobId);
  const state = useAppSelector(selectForm(key));
  const marked = useMarkedFields(state);
  const form = useUncontrolledForm(key, state, APPLICATION_FIELDS, APPLICATION_CONSENTS, (entries) => dispatch(applicationSubmitted({ jobId, ...entries })));
  const submitting = state.status === 'submitting';
  return (
    <form className="form" noValidate {...form} aria-labelledby="application-title">
      <h2 id="application-title">{t.job.formTitle}</h2>
      <ApplicationFields fieldErrors={marked.fieldErrors} />
      <FormStatus form={state} marked={marked} order={[...APPLICATION_FIELDS, ...APPLICATION_CONSENTS]} idPrefix="application" />
      <button type="submit" className="button" disabled={submitting} aria-disabled={submitting}>
        {submitting ? t.job.submitting : t.job.submit}
      </button>
    </form>
  );
}

export default function JobDetailPage({ params }: PageProps) {
  const t = useText();
  const mediaUrl = useAppSelector(selectMediaUrl);
  const job = useContent('jobDetail', { id: params.id });
  useDocumentMeta({ title: job.data?.title || t.meta.jobDetail, seo: job.data });
  return (
    <>
      <BannerOf type={PAGE_BANNER_TYPE.resources} title={t.nav.resources} heading={false} />
      <div className="detail-page">
        <PageBreadcrumbs routeId="jobDetail" content={{ title: job.data?.title }} />
        <Loaded resource={job} minHeight="30rem">
          {(data) => (
            <div className="job">
              <article className="article job__detail">
                <h1>{data.title}</h1>
                <dl className="job__facts">
                  {(['type', 'status', 'num', 'area'] as const).map((field) => (
                    <div key={field}>
                      <dt>{t.job[field]}</dt>
                      <dd>{data[field]}</dd>
                    </div>
                  ))}
                  <div>
                    <dt>{t.job.releaseTime}</dt>
                    <dd>
                      <time dateTime={data.create_time.slice(0, 10)}>{data.create_time.slice(0, 10)}</time>
                    </dd>
                  </div>
                </dl>
                <RichHtml html={data.content} mediaUrl={mediaUrl} headingLevel={2} />
              </article>
              <ApplicationForm jobId={String(data.id || params.id)} />
            </div>
          )}
        </Loaded>
      </div>
    </>
  );
}
