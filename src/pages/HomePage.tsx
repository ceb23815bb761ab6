import { useContext } from 'react';
import { Link } from 'react-router-dom';
import { Loaded } from '../app/Loaded';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { TIMING } from '../contracts/constants';
import { pathTo } from '../contracts/routes';
import { useContent } from '../features/content/useContent';
import { isAbsent } from '../features/shared/resource';
import { AnchorLink } from '../app/layout/AnchorLink';
import { categoryQuery } from '../features/product/query';
import { Carousel } from '../ui/Carousel';
import { fetchAttributes, Img, MediaHost, ownPictureSrcSet } from '../ui/Img';
import { carouselTexts, Section } from './common';

/**
 * How wide a slide picture (16:9) is drawn: it covers the banner, 70vh tall on phones and the
 * viewport's height less the header elsewhere (theme.css), so on a screen taller than 16:9 its
 * width follows the height, not the viewport's width.
 */
const HOME_SLIDE_SIZES = '(max-width: 767.98px) 124.45vh, (max-aspect-ratio: 16/9) calc((100vh - 4.5rem) * 16 / 9), 100vw';

/** A slide shows its picture or video: one the content left without either is left out, not shown empty. */
const shows = (slide: { img: string }) => slide.img !== '';

function HomeBanner() {
  const t = useText();
  const mediaHost = useContext(MediaHost);
  const slides = useContent('banner');
  return (
    <div className="home-banner">
      <Loaded resource={slides} minHeight="var(--home-banner-height)" isEmpty={(data) => !data.some(shows)}>
        {(data) => (
          <Carousel
            label={t.home.bannerLabel}
            texts={carouselTexts(t)}
            autoplayMs={TIMING.homeBannerAutoplayMs}
            speed={TIMING.carouselSpeedMs}
            arrows={false}
            className="home-banner__carousel"
            slides={data.filter(shows).map((slide, index) => ({
              key: index,
              content: (
                <div className="home-banner__slide">
                  {slide.type === '视频' && index === 0 ? (
                    <video
                      className="home-banner__media"
                      src={slide.img}
                      poster={slide.video_img || undefined}
                      muted
                      loop
                      autoPlay
                      playsInline
                      preload="metadata"
                      aria-hidden="true"
                    />
                  ) : slide.type === '视频' ? (
                    // A later slide's video and poster wait until it is near: the first slide's picture
                    // has the network to itself. The carousel plays the video once its slide shows.
                    <>
                      {slide.video_img && (
                        <img
                          className="home-banner__media"
                          src={slide.video_img}
                          alt={slide.video_img_alt ?? ''}
                          width={1920}
                          height={1080}
                          loading="lazy"
                          decoding="async"
                        />
                      )}
                      <video className="home-banner__media" src={slide.img} muted loop playsInline preload="none" aria-hidden="true" />
                    </>
                  ) : (
                    <img
                      className="home-banner__media"
                      src={slide.img}
                      srcSet={ownPictureSrcSet(slide.img, 1920, mediaHost)}
                      sizes={HOME_SLIDE_SIZES}
                      alt={slide.img_alt ?? ''}
                      width={1920}
                      height={1080}
                      {...fetchAttributes(index === 0 ? 'fold' : 'below')}
                    />
                  )}
                  <div className="home-banner__text">
                    {index === 0 ? <h1 className="home-banner__title">{slide.title}</h1> : <p className="home-banner__title">{slide.title}</p>}
                    <p className="home-banner__description">{slide.des}</p>
                  </div>
                </div>
              ),
            }))}
          />
        )}
      </Loaded>
    </div>
  );
}

function HomeProducts() {
  const t = useText();
  const tiles = useContent('homeProduct');
  // A tile's More opens the product list on the tab of the same index.
  const categories = useContent('classifyList').data ?? [];
  const categoryOf = (index: number) => (categories[index] ? categoryQuery(categories[index].id) : undefined);
  return (
    <Section id="product" title={t.home.productTitle} kicker={t.home.productSubtitle}>
      <Loaded resource={tiles} isEmpty={(data) => data.length === 0}>
        {(data) => (
          <ul className="product-tiles">
            {data.map((tile, index) => (
              <li key={tile.title} className="product-tile">
                <Img className="product-tile__pic" src={tile.pic} alt={tile.pic_alt || tile.title} width={400} height={300} placement="foldEdge" />
                <Img className="product-tile__over" src={tile.over_pic} alt="" width={400} height={300} />
                <div className="product-tile__text">
                  <h3>{tile.title}</h3>
                  <p>{tile.des}</p>
                  <AnchorLink className="button button--small" routeId="product" anchor="product" query={categoryOf(index)}>
                    {t.common.more}
                    <span className="visually-hidden">: {tile.title}</span>
                  </AnchorLink>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Section>
  );
}

function HomeAbout() {
  const t = useText();
  const about = useContent('homeAbout');
  if (isAbsent(about)) return null;
  return (
    <Section id="about" title={t.home.aboutTitle} tone="muted">
      <Loaded resource={about}>
        {(data) => (
          <div className="home-about">
            <Img className="home-about__pic" src={data.pic} alt={data.pic_alt || data.title} width={640} height={420} />
            <div className="home-about__text">
              <h3>{data.title}</h3>
              <p>{data.des}</p>
              <Link className="button" to={pathTo('about')}>
                {t.common.more}
                <span className="visually-hidden">: {data.title}</span>
              </Link>
            </div>
          </div>
        )}
      </Loaded>
    </Section>
  );
}

function HomeNews() {
  const t = useText();
  const news = useContent('homeNews');
  return (
    <Section
      id="news"
      title={t.home.newsTitle}
      action={
        <span className="inline-links">
          <Link to={pathTo('news')}>{t.news.company}</Link>
          <Link to={pathTo('notice')}>{t.home.noticeLink}</Link>
        </span>
      }
    >
      <Loaded resource={news} isEmpty={(data) => !data.top && data.list.length === 0}>
        {(data) => (
          <div className="home-news">
            {data.top && (
              <Link className="home-news__top" to={pathTo('newsDetail', { id: data.top.id })}>
                <Img src={data.top.pic} alt={data.top.pic_alt || data.top.title} width={640} height={400} />
                <time dateTime={data.top.create_time.slice(0, 10)}>{data.top.create_time.slice(0, 10)}</time>
                <h3>{data.top.title}</h3>
                <p>{data.top.des}</p>
              </Link>
            )}
            <ol className="home-news__timeline">
              {data.list.map((item) => (
                <li key={item.id}>
                  <Link to={pathTo('newsDetail', { id: item.id })}>
                    <Img src={item.pic} alt={item.pic_alt ?? ''} width={160} height={100} />
                    <span>
                      <time dateTime={item.create_time.slice(0, 10)}>{item.create_time.slice(0, 10)}</time>
                      <strong>{item.title}</strong>
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          </div>
        )}
      </Loaded>
    </Section>
  );
}

export default function HomePage() {
  const t = useText();
  useDocumentMeta({ title: t.meta.index });
  return (
    <>
      <HomeBanner />
      <HomeProducts />
      <HomeAbout />
      <HomeNews />
    </>
  );
}
