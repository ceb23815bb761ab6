import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteId, RouteParams } from '../contracts/routes';

export interface PageProps {
  params: RouteParams;
}

type PageModule = { default: ComponentType<PageProps> };

export interface Page {
  /** The webpack chunk name: the server links its files from dist/manifest.json. */
  chunk: string;
  Component: LazyExoticComponent<ComponentType<PageProps>>;
  /** Loads the chunk; afterwards the page renders without suspending (needed to hydrate). */
  preload(): Promise<void>;
  /** True once the chunk is in: the page then needs no Suspense boundary. */
  isLoaded(): boolean;
}

/**
 * A lazily loaded page whose chunk can be loaded ahead of rendering. Once loaded, the lazy
 * component gets a thenable that resolves synchronously, so React renders it at once instead of
 * suspending: the browser hydrates the server's HTML without falling back to a loading state.
 */
function page(chunk: string, load: () => Promise<PageModule>): Page {
  let loaded: PageModule | null = null;
  const loadOnce = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  const Component = lazy(() => (loaded ? (resolved(loaded) as Promise<PageModule>) : loadOnce()));
  return { chunk, Component, preload: () => loadOnce().then(() => undefined), isLoaded: () => loaded !== null };
}

function resolved<T>(value: T): PromiseLike<T> {
  return { then: (onFulfilled) => resolved(onFulfilled ? onFulfilled(value) : value) } as PromiseLike<T>;
}

const notice = page('page-notice', () => import(/* webpackChunkName: "page-notice" */ '../pages/NoticePage'));

/** One chunk per route: a visitor downloads only the pages they open. */
export const PAGES: Record<RouteId, Page> = {
  index: page('page-home', () => import(/* webpackChunkName: "page-home" */ '../pages/HomePage')),
  about: page('page-about', () => import(/* webpackChunkName: "page-about" */ '../pages/AboutPage')),
  innovation: page('page-innovation', () => import(/* webpackChunkName: "page-innovation" */ '../pages/InnovationPage')),
  news: page('page-news', () => import(/* webpackChunkName: "page-news" */ '../pages/NewsPage')),
  patient: page('page-patient', () => import(/* webpackChunkName: "page-patient" */ '../pages/PatientPage')),
  product: page('page-product', () => import(/* webpackChunkName: "page-product" */ '../pages/ProductPage')),
  report: page('page-report', () => import(/* webpackChunkName: "page-report" */ '../pages/ReportPage')),
  resources: page('page-resources', () => import(/* webpackChunkName: "page-resources" */ '../pages/ResourcesPage')),
  notice,
  noticeDetail: notice,
  newsDetail: page('page-news-detail', () => import(/* webpackChunkName: "page-news-detail" */ '../pages/NewsDetailPage')),
  productDetail: page('page-product-detail', () => import(/* webpackChunkName: "page-product-detail" */ '../pages/ProductDetailPage')),
  jobDetail: page('page-job', () => import(/* webpackChunkName: "page-job" */ '../pages/JobDetailPage')),
  privacy: page('page-privacy', () => import(/* webpackChunkName: "page-privacy" */ '../pages/PrivacyPage')),
  login: page('page-login', () => import(/* webpackChunkName: "page-login" */ '../pages/LoginPage')),
};
