import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { TIMING } from '../contracts/constants';
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
 * A page's chunk, failing as webpack's ChunkLoadError does once `chunkLoadTimeoutMs` has passed.
 * webpack's own timeout covers the script only: the chunk's stylesheet (mini-css-extract-plugin)
 * has none, and a `<link>` that hangs would keep the page suspended for ever, out of the guard's reach.
 */
function withinChunkTimeout<T>(chunk: string, loading: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`Loading chunk ${chunk} failed. (timeout)`);
      error.name = 'ChunkLoadError';
      reject(error);
    }, TIMING.chunkLoadTimeoutMs);
  });
  return Promise.race([loading, timedOut]).finally(() => clearTimeout(timer));
}

/**
 * A lazily loaded page whose chunk can be loaded ahead of rendering. Once loaded, the lazy
 * component gets a thenable that resolves synchronously, so React renders it at once instead of
 * suspending: the browser hydrates the server's HTML without falling back to a loading state.
 */
export function lazyPage(chunk: string, load: () => Promise<PageModule>): Page {
  let loaded: PageModule | null = null;
  const loadOnce = () =>
    withinChunkTimeout(chunk, load()).then((module) => {
      loaded = module;
      return module;
    });
  const Component = lazy(() => (loaded ? (resolved(loaded) as Promise<PageModule>) : loadOnce()));
  return { chunk, Component, preload: () => loadOnce().then(() => undefined), isLoaded: () => loaded !== null };
}

function resolved<T>(value: T): PromiseLike<T> {
  return { then: (onFulfilled) => resolved(onFulfilled ? onFulfilled(value) : value) } as PromiseLike<T>;
}

const notice = lazyPage('page-notice', () => import(/* webpackChunkName: "page-notice" */ '../pages/NoticePage'));

/** One chunk per route: a visitor downloads only the pages they open. */
export const PAGES: Record<RouteId, Page> = {
  index: lazyPage('page-home', () => import(/* webpackChunkName: "page-home" */ '../pages/HomePage')),
  about: lazyPage('page-about', () => import(/* webpackChunkName: "page-about" */ '../pages/AboutPage')),
  innovation: lazyPage('page-innovation', () => import(/* webpackChunkName: "page-innovation" */ '../pages/InnovationPage')),
  news: lazyPage('page-news', () => import(/* webpackChunkName: "page-news" */ '../pages/NewsPage')),
  patient: lazyPage('page-patient', () => import(/* webpackChunkName: "page-patient" */ '../pages/PatientPage')),
  product: lazyPage('page-product', () => import(/* webpackChunkName: "page-product" */ '../pages/ProductPage')),
  report: lazyPage('page-report', () => import(/* webpackChunkName: "page-report" */ '../pages/ReportPage')),
  resources: lazyPage('page-resources', () => import(/* webpackChunkName: "page-resources" */ '../pages/ResourcesPage')),
  notice,
  noticeDetail: notice,
  newsDetail: lazyPage('page-news-detail', () => import(/* webpackChunkName: "page-news-detail" */ '../pages/NewsDetailPage')),
  productDetail: lazyPage('page-product-detail', () => import(/* webpackChunkName: "page-product-detail" */ '../pages/ProductDetailPage')),
  jobDetail: lazyPage('page-job', () => import(/* webpackChunkName: "page-job" */ '../pages/JobDetailPage')),
  privacy: lazyPage('page-privacy', () => import(/* webpackChunkName: "page-privacy" */ '../pages/PrivacyPage')),
  login: lazyPage('page-login', () => import(/* webpackChunkName: "page-login" */ '../pages/LoginPage')),
};
