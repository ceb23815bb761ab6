import { Loaded } from '../app/Loaded';
import { useAppSelector } from '../app/hooks';
import type { PageProps } from '../app/pages';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { TIMING } from '../contracts/constants';
import { PRODUCT_INSERT_FIELDS } from '../contracts/productInsert';
import { useContent } from '../features/content/useContent';
import { selectMediaUrl } from '../features/site/selectors';
import { Carousel } from '../ui/Carousel';
import { Img } from '../ui/Img';
import { PrintColophon } from '../ui/PrintColophon';
import { RichHtml } from '../ui/RichHtml';
import { carouselTexts, PageBreadcrumbs } from './common';

export default function ProductDetailPage({ params }: PageProps) {
  const t = useText();
  const mediaUrl = useAppSelector(selectMediaUrl);
  const detail = useContent('productDetail', { id: params.id });
  const main = useContent('main');
  useDocumentMeta({ title: detail.data?.name || t.meta.productDetail, seo: detail.data });
  return (
    <div className="detail-page">
      <Loaded resource={detail} minHeight="40rem">
        {(product) => (
          <>
            <PageBreadcrumbs routeId="productDetail" content={{ title: product.name, category: { id: product.classify_id, name: product.classify_name } }} />
            <article className="product-detail">
              <div className="product-detail__gallery">
                <Carousel
                  label={t.product.pictures}
                  texts={carouselTexts(t)}
                  speed={TIMING.carouselSpeedMs}
                  slides={(product.pics.length > 0 ? product.pics : [product.pic]).map((pic, index) => ({
                    key: `${pic}-${index}`,
                    content: (
                      <Img
                        src={pic}
                        alt={(product.pics.length > 0 ? product.pics_alt?.[index] : product.pic_alt) || `${product.name} ${index + 1}`}
                        width={600}
                        height={600}
                        placement={index === 0 ? 'fold' : 'below'}
                      />
                    ),
                  }))}
                />
              </div>
              <div className="product-detail__summary">
                <h1>{product.name}</h1>
                {product.productspecial && (
                  <p className="product-detail__special">
                    <strong>{t.product.special}: </strong>
                    {product.productspecial}
                  </p>
                )}
                <RichHtml html={product.des} mediaUrl={mediaUrl} headingLevel={2} />
                <p className="product-detail__reminder" role="note">
                  {product.reminder || t.product.reminder}
                </p>
              </div>
            </article>
            <section className="product-detail__table" aria-labelledby="product-info">
              <h2 id="product-info">{t.product.details}</h2>
              <table>
                <tbody>
                  {PRODUCT_INSERT_FIELDS.filter((field) => product[field]).map((field) => (
                    <tr key={field}>
                      <th scope="row">{t.product.fields[field]}</th>
                      <td>{product[field]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <PrintColophon company={main.data?.company || product.business} printedLabel={t.common.printedOn} />
          </>
        )}
      </Loaded>
    </div>
  );
}
