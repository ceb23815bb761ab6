import { memo } from 'react';
import { Link } from 'react-router-dom';
import { Loaded } from '../app/Loaded';
import { errorText } from '../features/shared/errorText';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { BREAKPOINT, TIMING } from '../contracts/constants';
import { PAGE_BANNER_TYPE } from '../contracts/payloads';
import { pathTo } from '../contracts/routes';
import { useContent } from '../features/content/useContent';
import { isAbsent } from '../features/shared/resource';
import { selectHasMoreNews, selectNewsList } from '../features/news/selectors';
import { newsMoreRequested } from '../features/news/slice';
import { selectVariant } from '../features/site/selectors';
import type { NewsItem, Publication } from '../api/types';
import { AsyncContent } from '../ui/AsyncContent';
import { Carousel } from '../ui/Carousel';
import { Img } from '../ui/Img';
import { BannerOf, carouselTexts, Section } from './common';

/** Memoized: "More" appends rows, and the cards already shown keep their item and need no render. */
const NewsCard = memo(function NewsCard({ item, featured }: { item: NewsItem; featured?: boolean }) {
  const t = useText();
  return (
    <Link className={`news-card ${featured ? 'news-card--featured' : ''}`} to={pathTo('newsDetail', { id: item.id })}>
      <Img src={item.pic} alt={item.pic_alt ?? ''} width={featured ? 720 : 400} height={featured ? 450 : 250} placement={featured ? 'phoneLead' : 'below'} />
      <div className="news-card__text">
        <time dateTime={item.create_time.slice(0, 10)}>{item.create_time.slice(0, 10)}</time>
        <h3>{item.title}</h3>
        <p>{item.des}</p>
        {featured && <span className="news-card__more">{t.news.read}</span>}
      </div>
    </Link>
  );
});

function NewsList() {
  const t = useText();
  const dispatch = useAppDispatch();
  const news = useAppSelector(selectNewsList);
  const hasMore = useAppSelector(selectHasMoreNews);
  const [first, ...rest] = news.rows;
  return (
    <AsyncContent
      status={news.status}
      data={news.page > 0 ? news.rows : null}
      errorMessage={errorText(news.error, t)}
      onRetry={() => dispatch(newsMoreRequested({ upTo: news.page + 1 }))}
      texts={{ loading: t.common.loading, failed: t.common.loadFailed, retry: t.common.retry, empty: t.common.empty }}
      isEmpty={(rows) => rows.length === 0}
      minHeight="30rem"
    >
      {() => (
        <>
          {first && <NewsCard item={first} featured />}
          <ul className="news-grid">
            {rest.map((item) => (
              <li key={item.id}>
                <NewsCard item={item} />
              </li>
            ))}
          </ul>
          <div className="news-more" aria-live="polite">
            {hasMore ? (
              <button
                type="button"
                className="button button--outline"
                disabled={news.status === 'loading'}
                onClick={() => dispatch(newsMoreRequested({ upTo: news.page + 1 }))}
              >
                {news.status === 'loading' ? t.common.loading : news.status === 'failed' ? t.common.retry : t.news.more}
              </button>
            ) : (
              <p className="news-more__end">{t.news.noMore}</p>
            )}
          </div>
        </>
      )}
    </AsyncContent>
  );
}

function PublicationLink({ publication, large }: { publication: Publication; large?: boolean }) {
  const t = useText();
  return (
    <a className={`publication ${large ? 'publication--top' : ''}`} href={publication.url} target="_blank" rel="noopener noreferrer">
      <Img src={publication.pic} alt={publication.pic_alt ?? ''} width={large ? 480 : 240} height={large ? 640 : 320} />
      <span>
        {publication.title}
        <span className="visually-hidden">{t.common.opensInNewTab}</span>
      </span>
    </a>
  );
}

export default function NewsPage() {
  const t = useText();
  useDocumentMeta({ title: t.meta.news });
  const variant = useAppSelector(selectVariant);
  const notices = useContent('noticeList');
  const top = useContent('publicationTop');
  const publications = useContent('publicationList');
  // The featured card's picture is larger than the banner on a phone.
  const featuredPic = useAppSelector(selectNewsList).rows[0]?.pic;
  return (
    <>
      <BannerOf type={PAGE_BANNER_TYPE.news} title={t.nav.news} largestOnPhones={!featuredPic} />
      <Section id="news" title={t.news.company}>
        <NewsList />
      </Section>
      {variant !== 'shop' && (
        <Section id="proclamation" title={t.news.proclamation} tone="muted" action={<Link to={pathTo('notice')}>{t.news.viewNotice}</Link>}>
          <Loaded resource={notices} minHeight="6rem" isEmpty={(data) => data.length === 0}>
            {(data) => (
              <ul className="notice-teaser">
                {data.slice(0, 3).map((notice) => (
                  <li key={notice.id}>
                    <Link to={pathTo('noticeDetail', { id: notice.id })}>
                      <span>{notice.title}</span>
                      <time dateTime={notice.create_time.slice(0, 10)}>{notice.create_time.slice(0, 10)}</time>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Loaded>
        </Section>
      )}
      {variant !== 'shop' && (
        <Section id="journal" title={t.news.journal}>
          <div className={isAbsent(top) ? 'publications publications--no-top' : 'publications'}>
            <Loaded resource={top} minHeight="20rem">
              {(data) => <PublicationLink publication={data} large />}
            </Loaded>
            <Loaded resource={publications} minHeight="20rem" isEmpty={(data) => data.length === 0}>
              {(data) => (
                <Carousel
                  className="carousel--publications"
                  label={t.news.journal}
                  texts={carouselTexts(t)}
                  speed={TIMING.carouselSpeedMs}
                  perView={{ 0: 1, [BREAKPOINT.phone]: 2 }}
                  rows={{ 0: 1, [BREAKPOINT.phone]: 2 }}
                  slides={data.map((publication) => ({ key: publication.url + publication.title, content: <PublicationLink publication={publication} /> }))}
                />
              )}
            </Loaded>
          </div>
        </Section>
      )}
    </>
  );
}
