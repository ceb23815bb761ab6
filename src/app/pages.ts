import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteId, RouteParams } from '../contracts/routes';

export interface PageProps {
  params: RouteParams;
}

type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

/** One lazily loaded chunk per route: a visitor downloads only the pages they open. */
export const PAGES: Record<RouteId, LazyPage> = {
  index: lazy(() => import(/* webpackChunkName: "page-home" */ '../pages/HomePage')),
  about: lazy(() => import(/* webpackChunkName: "page-about" */ '../pages/AboutPage')),
  innovation: lazy(() => import(/* webpackChunkName: "page-innovation" */ '../pages/InnovationPage')),
  news: lazy(() => import(/* webpackChunkName: "page-news" */ '../pages/NewsPage')),
  patient: lazy(() => import(/* webpackChunkName: "page-patient" */ '../pages/PatientPage')),
  product: lazy(() => import(/* webpackChunkName: "page-product" */ '../pages/ProductPage')),
  report: lazy(() => import(/* webpackChunkName: "page-report" */ '../pages/ReportPage')),
  resources: lazy(() => import(/* webpackChunkName: "page-resources" */ '../pages/ResourcesPage')),
  notice: lazy(() => import(/* webpackChunkName: "page-notice" */ '../pages/NoticePage')),
  noticeDetail: lazy(() => import(/* webpackChunkName: "page-notice" */ '../pages/NoticePage')),
  newsDetail: lazy(() => import(/* webpackChunkName: "page-news-detail" */ '../pages/NewsDetailPage')),
  productDetail: lazy(() => import(/* webpackChunkName: "page-product-detail" */ '../pages/ProductDetailPage')),
  jobDetail: lazy(() => import(/* webpackChunkName: "page-job" */ '../pages/JobDetailPage')),
  login: lazy(() => import(/* webpackChunkName: "page-login" */ '../pages/LoginPage')),
};
