import { memo, useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import type { ProductRow } from '../api/types';
import { Loaded } from '../app/Loaded';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { PAGE_SIZE } from '../contracts/constants';
import { PAGE_BANNER_TYPE } from '../contracts/payloads';
import { format } from '../i18n';
import { pathTo } from '../contracts/routes';
import { useContent } from '../features/content/useContent';
import { selectProductKeyword, selectProductList, selectProductQuery, selectProductTab } from '../features/product/selectors';
import { productSearch, type ProductQuery } from '../features/product/query';
import { listPageSelected } from '../features/pagedList/slice';
import { productTabSelected } from '../features/product/actions';
import type { Paged, ProductRow as Row } from '../api/types';
import type { Resource } from '../features/shared/resource';
import { Img } from '../ui/Img';
import { Pagination } from '../ui/Pagination';
import { BannerOf, Section } from './common';

function CategoryTabs() {
  const t = useText();
  const dispatch = useAppDispatch();
  const tab = useAppSelector(selectProductTab);
  const keyword = useAppSelector(selectProductKeyword);
  const categories = useContent('classifyList');
  return (
    <Loaded resource={categories} minHeight="3rem" isEmpty={(data) => data.length === 0}>
      {(data) => (
        <div
          className="tabs"
          role="tablist"
          aria-label={t.product.categories}
          style={{ ['--tab-count' as string]: data.length, ['--tab-index' as string]: keyword ? -1 : tab }}
        >
          {data.map((category, index) => {
            const selected = !keyword && index === tab;
            return (
              <button
                key={category.id}
                type="button"
                role="tab"
                id={`tab-${index}`}
                aria-selected={selected}
                aria-controls="product-panel"
                tabIndex={selected || (keyword && index === 0) ? 0 : -1}
                className={`tabs__tab ${selected ? 'is-active' : ''}`}
                onClick={() => dispatch(productTabSelected({ category: category.id }))}
                onKeyDown={(event) => {
                  const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                  if (!step) return;
                  const next = (index + step + data.length) % data.length;
                  const nextCategory = data[next];
                  if (nextCategory) dispatch(productTabSelected({ category: nextCategory.id }));
                  event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
                }}
              >
                {category.name}
              </button>
            );
          })}
          <span className="tabs__bar" aria-hidden="true" />
        </div>
      )}
    </Loaded>
  );
}

/** Memoized: a tab or page change renders the grid again as stale, with the same products. */
const ProductCard = memo(function ProductCard({ product }: { product: ProductRow }) {
  return (
    <Link className="product-card" to={pathTo('productDetail', { id: product.id })}>
      <Img src={product.pics[0] ?? ''} alt={product.pics_alt?.[0] ?? ''} width={400} height={400} placement="foldEdge" />
      <h3>{product.name}</h3>
    </Link>
  );
});

/**
 * The grid follows the tabs a render later: a tap on a category answers with the tab itself,
 * and the grid turns stale (then fills) in a render that does not hold the tap's frame back.
 */
function ProductGrid() {
  const query = useDeferredValue(useAppSelector(selectProductQuery));
  const tab = useDeferredValue(useAppSelector(selectProductTab));
  const list = useDeferredValue(useAppSelector(selectProductList));
  return <ProductPanel list={list} query={query} tab={tab} />;
}

interface PanelProps {
  list: Resource<Paged<Row>>;
  query: ProductQuery;
  tab: number;
}

const ProductPanel = memo(function ProductPanel({ list, query, tab }: PanelProps) {
  const { page, keyword } = query;
  const t = useText();
  const dispatch = useAppDispatch();
  return (
    <div
      id="product-panel"
      role="tabpanel"
      aria-labelledby={keyword ? undefined : `tab-${tab}`}
      aria-label={keyword ? format(t.product.allResults, { keyword }) : undefined}
      aria-busy={list.status === 'loading'}
    >
      {keyword && (
        <p className="search-summary">
          {format(t.product.allResults, { keyword })} <Link to={pathTo('product')}>{t.product.clearSearch}</Link>
        </p>
      )}
      <Loaded resource={list} minHeight="30rem">
        {(data) =>
          data.total === 0 || data.rows.length === 0 ? (
            <div className="async-state async-state--empty">
              <p>{t.product.empty}</p>
            </div>
          ) : (
            <>
              <ul className={`product-grid ${list.status === 'loading' ? 'is-stale' : ''}`}>
                {data.rows.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                total={data.total}
                pageSize={PAGE_SIZE.product}
                onSelect={(n) => dispatch(listPageSelected({ list: 'productList', page: n, query: productSearch(query) }))}
                texts={{ label: t.common.pagination, previous: t.common.previous, next: t.common.next, page: (n) => format(t.common.page, { n }) }}
              />
            </>
          )
        }
      </Loaded>
    </div>
  );
});

function ProductContactBlock() {
  const t = useText();
  const contacts = useContent('productContacts');
  return (
    <Loaded resource={contacts} minHeight="8rem">
      {(data) => (
        <div className="product-contacts">
          <h2>{t.product.contactTitle}</h2>
          {(['abroad', 'domestic'] as const).map((channel) => (
            <dl key={channel}>
              <dt>{t.product[channel]}</dt>
              <dd>
                {t.product.phone}: {data[channel].phone}
              </dd>
              <dd>
                {t.product.email}: <a href={`mailto:${data[channel].email}`}>{data[channel].email}</a>
              </dd>
            </dl>
          ))}
        </div>
      )}
    </Loaded>
  );
}

export default function ProductPage() {
  const t = useText();
  useDocumentMeta({ title: t.meta.product });
  return (
    <>
      <BannerOf type={PAGE_BANNER_TYPE.product} title={t.nav.product} />
      <Section id="product" title={t.nav.product}>
        <CategoryTabs />
        <ProductGrid />
      </Section>
      <section className="page-section page-section--muted">
        <div className="page-section__inner">
          <ProductContactBlock />
        </div>
      </section>
    </>
  );
}
