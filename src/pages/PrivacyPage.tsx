import { Loaded } from '../app/Loaded';
import { useAppSelector } from '../app/hooks';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { format } from '../i18n';
import { useContent } from '../features/content/useContent';
import { selectMediaUrl } from '../features/site/selectors';
import { RichHtml } from '../ui/RichHtml';

/** The privacy notice the forms link to; its version is what a consent records. */
export default function PrivacyPage() {
  const t = useText();
  const mediaUrl = useAppSelector(selectMediaUrl);
  const notice = useContent('privacyNotice');
  useDocumentMeta({ title: notice.data?.title || t.meta.privacy });
  return (
    <div className="detail-page">
      <Loaded resource={notice} minHeight="30rem" isEmpty={(data) => !data.content.trim()}>
        {(data) => (
          <article className="article privacy">
            <h1>{data.title || t.privacy.title}</h1>
            <p className="article__meta">
              {data.version && <span>{format(t.privacy.version, { version: data.version })}</span>}
              {data.update_time && (
                <span>
                  {t.privacy.updated}
                  <time dateTime={data.update_time.slice(0, 10)}>{data.update_time.slice(0, 10)}</time>
                </span>
              )}
            </p>
            <RichHtml html={data.content} mediaUrl={mediaUrl} />
          </article>
        )}
      </Loaded>
    </div>
  );
}
