/** The visible breadcrumbs and the BreadcrumbList structured data describe the same trail. */
import { screen, within } from '@testing-library/react';
import { structuredDataFor } from '../app/head/structuredData';
import { renderApp, type Entry } from '../app/renderApp.testing';

const layout: Entry[] = [
  ['main', { company: '岳川药业有限公司', logo: '', qrcode: '', copyright: '', icp: '', drug_certificate: '', shop_url: '', links: [] }],
  ['classifyList', []],
];
const product = {
  id: 7,
  name: '樟脑软膏',
  pics: [],
  pic: '',
  des: '',
  productspecial: '',
  product: '',
  character: '',
  sku: '',
  num: '',
  indication: '',
  taboo: '',
  business: '',
  classify_id: 1,
  classify_name: '软膏剂',
  composition: '',
  administration: '',
  package: '',
  manufacturer: '',
};
const job = { id: 5, title: '制剂研发工程师', type: '研发', num: 2, area: '广州', status: '全职', create_time: '2026-10-20 09:00:00', content: '<p>职责</p>' };
const news = { id: 3, title: '新车间投产', pic: '', des: '', create_time: '2026-05-01 09:00:00', content: '<p>正文</p>' };

it.each([
  ['/product/7', 'productDetail', ['productDetail', product, { id: '7' }]],
  ['/news/3', 'newsDetail', ['newsDetail', news, { id: '3' }]],
  ['/resources/5', 'jobDetail', ['jobDetail', job, { id: '5' }]],
] as const)('%s: same names, same order, links up to the current page', async (path, routeId, entry) => {
  const { store } = renderApp(path, { entries: [...layout, entry as unknown as Entry] });
  const nav = await screen.findByRole('navigation', { name: '当前位置' });
  await within(nav).findByText({ productDetail: '樟脑软膏', newsDetail: '新车间投产', jobDetail: '制剂研发工程师' }[routeId]);
  const visible = within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  const [trail] = structuredDataFor(routeId, store.getState(), 'https://www.example.com', 'zh') as unknown as {
    itemListElement: { name: string; item?: string }[];
  }[];
  expect(trail!.itemListElement.map((step) => step.name)).toEqual(visible);
  const links = within(nav)
    .getAllByRole('link')
    .map((link) => `https://www.example.com${link.getAttribute('href')}`);
  expect(trail!.itemListElement.flatMap((step) => (step.item ? [step.item] : []))).toEqual(links);
});
