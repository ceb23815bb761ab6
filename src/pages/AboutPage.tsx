import { useState } from 'react';
import { Loaded } from '../app/Loaded';
import { useAppSelector } from '../app/hooks';
import { selectMediaUrl } from '../features/site/selectors';
import { RichHtml } from '../ui/RichHtml';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { BREAKPOINT, TIMING } from '../contracts/constants';
import { PAGE_BANNER_TYPE } from '../contracts/payloads';
import { useContent } from '../features/content/useContent';
import { isAbsent } from '../features/shared/resource';
import type { Social } from '../api/types';
import { Carousel } from '../ui/Carousel';
import { Img } from '../ui/Img';
import { BannerOf, carouselTexts, Section, Split } from './common';

/** Hover or click on a thumbnail changes the big picture (#social). */
function SocialGallery({ social }: { social: Social }) {
  const [selected, setSelected] = useState(0);
  const big = social.imgList[selected] ?? social.imgList[0];
  return (
    <div className="social">
      <p className="social__text">{social.des}</p>
      {big && (
        <figure className="social__big">
          <Img src={big.pic} alt={big.pic_alt || big.title} width={960} height={540} />
          <figcaption>{big.title}</figcaption>
        </figure>
      )}
      <ul className="social__thumbs">
        {social.imgList.map((item, index) => (
          <li key={item.pic || index}>
            <button
              type="button"
              className={index === selected ? 'is-selected' : ''}
              aria-pressed={index === selected}
              onMouseEnter={() => setSelected(index)}
              onFocus={() => setSelected(index)}
              onClick={() => setSelected(index)}
            >
              <Img src={item.pic} alt={item.pic_alt || item.title} width={240} height={135} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function AboutPage() {
  const t = useText();
  useDocumentMeta({ title: t.meta.about });
  const mediaUrl = useAppSelector(selectMediaUrl);
  const about = useContent('aboutUs');
  const develop = useContent('develop');
  const business = useContent('business');
  const social = useContent('social');
  const contact = useContent('contactUs');
  return (
    <>
      <BannerOf type={PAGE_BANNER_TYPE.index} title={t.nav.about} />
      {!isAbsent(about) && (
        <Section id="company" title={t.about.company}>
          <Loaded resource={about}>
            {(data) => (
              <Split pic={data.pic} alt={data.pic_alt || data.title} placement="foldEdge">
                <div className="split__text">
                  <h3>{data.title}</h3>
                  <RichHtml html={data.des} mediaUrl={mediaUrl} />
                </div>
              </Split>
            )}
          </Loaded>
        </Section>
      )}
      <Section id="development" title={t.about.development} tone="muted">
        <Loaded resource={develop} isEmpty={(data) => data.length === 0}>
          {(data) => (
            <ol className="timeline">
              {data.map((item) => (
                <li key={item.title} className="timeline__item">
                  <span className="timeline__year">{item.title}</span>
                  <p>{item.des}</p>
                </li>
              ))}
            </ol>
          )}
        </Loaded>
      </Section>
      <Section id="culture" title={t.about.culture}>
        <Loaded resource={business} isEmpty={(data) => data.length === 0}>
          {(data) => (
            <Carousel
              className="carousel--cards carousel--business"
              label={t.about.culture}
              texts={carouselTexts(t)}
              speed={TIMING.carouselSpeedMs}
              perView={{ 0: 1, [BREAKPOINT.phone]: 2, [BREAKPOINT.businessWide + 1]: 4 }}
              slides={data.map((item) => ({
                key: item.title,
                content: (
                  <article className="card">
                    <Img src={item.pic} alt={item.pic_alt || item.title} width={400} height={260} />
                    <h3>{item.title}</h3>
                    <p>{item.des}</p>
                  </article>
                ),
              }))}
            />
          )}
        </Loaded>
      </Section>
      {!isAbsent(social) && (
        <Section id="social" title={t.about.social} tone="muted">
          <Loaded resource={social}>{(data) => <SocialGallery social={data} />}</Loaded>
        </Section>
      )}
      {!isAbsent(contact) && (
        <Section id="contact" title={t.about.contact}>
          <Loaded resource={contact}>
            {(data) => (
              <Split pic={data.pic} alt={data.pic_alt || t.about.contact}>
                <dl className="contact-list">
                  {(['phone', 'email', 'tel', 'zipcode', 'address'] as const).map((field) => (
                    <div key={field}>
                      <dt>{t.about[field]}</dt>
                      <dd>{field === 'email' ? <a href={`mailto:${data.email}`}>{data.email}</a> : data[field]}</dd>
                    </div>
                  ))}
                </dl>
              </Split>
            )}
          </Loaded>
        </Section>
      )}
    </>
  );
}
