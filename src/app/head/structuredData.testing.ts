/** A store state filled from the seed content pack, as the provider and the api adapter give it. */
// eslint-disable-next-line import-x/no-restricted-paths -- a Jest helper: the seed pack, read as the provider seeds it
import { loadContentPack } from '../../provider/content/loadPack';
import { PAYLOADS } from '../../contracts/payloads';
import { normalise } from '../../contracts/schema/payload';
import type { Locale } from '../../contracts/locale';
import type { RouteId, RouteParams } from '../../contracts/routes';
import { contentKey } from '../../features/content/key';
import { contentRequested, contentSucceeded } from '../../features/content/slice';
import type { ContentName, ContentParams } from '../../features/content/types';
import { rootReducer } from '../../features/rootReducer';
import type { RootState } from '../store';
import { routeEntered } from '../../features/shared/route';

export const MEDIA = 'https://media.example.com';

function dtos(locale: Locale): [ContentName, keyof typeof PAYLOADS, ContentParams, unknown][] {
  const { main, contact, products, categories, news, jobs, notices } = loadContentPack();
  const product = products[2]!;
  const story = news[0]!;
  const job = jobs[0]!;
  const notice = notices[0]!;
  return [
    [
      'main',
      'main',
      {},
      {
        ...main[locale],
        logo: main.logo,
        qrcode: main.qrcode,
        shop_url: main.shop_url,
        links: main.links.map((l) => ({ url: l.url, title: l.title[locale] })),
      },
    ],
    ['contactUs', 'contactUs', {}, { ...contact, ...contact[locale] }],
    [
      'productDetail',
      'productDetail',
      { id: String(product.id) },
      {
        id: product.id,
        classify_id: product.classify_id,
        pics: product.pics,
        pic: product.pic,
        classify_name: categories.find((c) => c.id === product.classify_id)!.name[locale],
        ...product[locale],
      },
    ],
    ['newsDetail', 'newsDetail', { id: String(story.id) }, { id: story.id, pic: story.pic, create_time: story.create_time, ...story[locale] }],
    ['jobDetail', 'jobDetail', { id: String(job.id) }, { id: job.id, num: job.num, create_time: job.create_time, ...job[locale] }],
    ['notices', 'notices', { id: String(notice.id) }, [{ id: notice.id, create_time: notice.create_time, ...notice[locale] }]],
  ];
}

export const SEED_IDS = { productDetail: '3', newsDetail: '1', jobDetail: '1', noticeDetail: '1' } as const;

export function seededState(locale: Locale, routeId: RouteId, path: string, params: RouteParams = {}): RootState {
  let state = rootReducer(undefined, { type: 'init' });
  state = rootReducer(state, routeEntered({ routeId, path, params, query: {}, hash: '' }));
  for (const [name, shape, extra, dto] of dtos(locale)) {
    const key = contentKey(name, locale, extra);
    const request = contentRequested({ key });
    state = rootReducer(state, request);
    state = rootReducer(state, contentSucceeded({ ...request.payload, data: normalise(PAYLOADS[shape], dto, MEDIA) }));
  }
  return { ...state, locale: { ...state.locale, current: locale } };
}
