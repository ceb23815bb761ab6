import { screen } from '@testing-library/react';
import { META_DESCRIPTION_MAX } from '../contracts/siteMeta';
import { renderApp, type Entry } from './renderApp.testing';

const layout: Entry[] = [
  ['main', { company: '岳川药业有限公司', logo: '', qrcode: '', copyright: '', icp: '', drug_certificate: '', shop_url: '', links: [] }],
  ['classifyList', []],
];

it('a news item with a long summary gets a description that fits a search result', async () => {
  const des = '新建软膏车间通过药品生产质量管理规范检查并正式投产，'.repeat(10);
  const news = { id: 3, title: '新车间投产', pic: '', des, create_time: '2026-05-01 09:00:00', content: '<p>正文</p>' };
  renderApp('/news/3', { entries: [...layout, ['newsDetail', news, { id: '3' }] as unknown as Entry] });
  await screen.findAllByText('新车间投产');
  const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '';
  expect(Array.from(description)).toHaveLength(META_DESCRIPTION_MAX);
  expect(description).toMatch(/^新建软膏车间.*…$/);
});
