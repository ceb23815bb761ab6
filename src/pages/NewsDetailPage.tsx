import { Link } from 'react-router-dom';
import { Loaded } from '../app/Loaded';
import { useAppSelector } from '../app/hooks';
import type { PageProps } from '../app/pages';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { pathTo } from '../contracts/routes';
import { useContent } from '../features/content/useContent';
import { selectMediaUrl } from '../features/site/selectors';
import { PrintColophon } from '../ui/PrintColophon';
import { RichHtml } from '../ui/RichHtml';
import { PageBreadcrumbs } from './common';

export default function NewsDetailPage({ params }: PageProps) {
  const t = useText();
  const mediaUrl = useAppSelector(selectMediaUrl);
  const detail = useContent('newsDetail', { id: params.id });
  const main = useContent('main');
  // The page's meta: the editor's SEO fields, else description from des; keywords from the title.
  useDocumentMeta({ title: detail.data?.title || t.meta.newsDetail, description: detail.data?.des, keywords: detail.data?.title, seo: detail.data });
  return (
    <div className="detail-page">
      <PageBreadcrumbs routeId="newsDetail" content={{ title: detail.data?.title }} />
      <Loaded resource={detail} minHeight="40rem">
        {(news) => (
          <article className="article">
            <h1>{news.title}</h1>
            <p className="article__meta">
              {t.common.releaseTime}: <time dateTime={news.create_time.slice(0, 10)}>{news.create_time.slice(0, 10)}</time>
            </p>
            <RichHtml html={news.content} mediaUrl={mediaUrl} headingLevel={2} />
            <Link className="button button--outline" to={pathTo('news')}>
              {t.common.backToNews}
            </Link>
            <PrintColophon company={main.data?.company || t.nav.companyFallback} printedLabel={t.common.printedOn} />
          </article>
        )}
      </Loaded>
    </div>
  );
}
