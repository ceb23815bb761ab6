import { Loaded } from '../app/Loaded';
import { useAppSelector } from '../app/hooks';
import type { PageProps } from '../app/pages';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { PAGE_BANNER_TYPE } from '../contracts/payloads';
import { useContent } from '../features/content/useContent';
import { selectMediaUrl } from '../features/site/selectors';
import { RichHtml } from '../ui/RichHtml';
import { BannerOf, PageBreadcrumbs } from './common';

/** /news/notice shows every notice; /news/noticedetail/{id} the one asked for. */
export default function NoticePage({ params }: PageProps) {
  const t = useText();
  const mediaUrl = useAppSelector(selectMediaUrl);
  const notices = useContent('notices', params.id ? { id: params.id } : {});
  useDocumentMeta({ title: (params.id && notices.data?.[0]?.title) || t.meta.notice });
  return (
    <>
      <BannerOf type={PAGE_BANNER_TYPE.news} title={t.news.notice} />
      <div className="detail-page">
        <PageBreadcrumbs routeId={params.id ? 'noticeDetail' : 'notice'} content={{ title: notices.data?.[0]?.title }} />
        <Loaded resource={notices} minHeight="30rem" isEmpty={(data) => data.length === 0}>
          {(data) => (
            <div className="notices">
              {data.map((notice) => (
                <article key={notice.id} className="article" id={`notice-${notice.id}`}>
                  <h2>{notice.title}</h2>
                  <p className="article__meta">
                    {t.common.releaseTime}: <time dateTime={notice.create_time.slice(0, 10)}>{notice.create_time.slice(0, 10)}</time>
                  </p>
                  <RichHtml html={notice.content} mediaUrl={mediaUrl} headingLevel={3} />
                </article>
              ))}
            </div>
          )}
        </Loaded>
      </div>
    </>
  );
}
