/**
 * Pages after an editor's action in the CMS: a part unpublished, deleted or emptied arrives as
 * its empty value (null, [], a banner without fields) and is not shown; a part given in zh for an
 * en page (its en version is missing) carries `lang: 'zh'` and is marked so.
 */
import { screen, within } from '@testing-library/react';
import { renderApp, type Entry } from '../app/renderApp.testing';

const layout: Entry[] = [
  ['main', { company: 'Yuechuan Pharmaceutical', logo: '', qrcode: '', copyright: '© Yuechuan', icp: '1', drug_certificate: '1', shop_url: '', links: [] }],
  ['classifyList', []],
];
const item = (title: string) => ({ title, des: `${title}…`, pic: '' });
const busy = () => document.querySelectorAll('main [aria-busy="true"]').length;

describe('a page after an editor left a part out', () => {
  it('home without its about part: no about section, no skeleton, the rest shown', async () => {
    const { container } = renderApp('/', {
      entries: [
        ...layout,
        ['banner', []],
        ['homeProduct', [{ ...item('Ointments'), over_pic: '' }]],
        ['homeAbout', null],
        ['homeNews', { top: null, list: [] }],
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Ointments' })).toBeInTheDocument();
    expect(container.querySelector('#about')).toBeNull();
    expect(container.querySelector('#product')).not.toBeNull();
    expect(busy()).toBe(0);
  });

  it('about without its company, social and contact parts: those sections are gone, the others stay', async () => {
    const { container } = renderApp('/about', {
      entries: [
        ...layout,
        ['pageBanner', { name: '关于我们', des: '', webimg: '', img: '' }, { type: 1 }],
        ['aboutUs', null],
        ['develop', [item('2001')]],
        ['business', []],
        ['social', null],
        ['contactUs', null],
      ],
    });
    expect(await screen.findByText('2001')).toBeInTheDocument();
    for (const id of ['company', 'social', 'contact']) expect({ id, shown: container.querySelector(`#${id}`) !== null }).toEqual({ id, shown: false });
    for (const id of ['development', 'culture']) expect({ id, shown: container.querySelector(`#${id}`) !== null }).toEqual({ id, shown: true });
    expect(busy()).toBe(0);
  });

  it('innovation without its overview and resources without its culture part leave those sections out', async () => {
    const innovation = renderApp('/innovation', {
      entries: [...layout, ['sceneOverview', null], ['sceneTeam', [item('Dr Wang')]], ['sceneCooperation', []], ['sceneResearch', []]],
    });
    expect(await screen.findByRole('heading', { name: 'Dr Wang' })).toBeInTheDocument();
    expect(innovation.container.querySelector('#overview')).toBeNull();
    innovation.unmount();
    const resources = renderApp('/resources', {
      entries: [...layout, ['memberCulture', null], ['hrPolicies', [item('Training')]], ['jobs', []], ['memberList', { rows: [], total: 0 }, { page: 1 }]],
    });
    expect(await screen.findByText('Training…')).toBeInTheDocument();
    expect(resources.container.querySelector('#employee')).toBeNull();
    expect(resources.container.querySelector('#staff')).not.toBeNull();
  });

  it('news without a featured publication: the others take the row, nothing waits', async () => {
    const { container } = renderApp('/news', {
      entries: [
        ...layout,
        ['noticeList', []],
        ['publicationTop', null],
        ['publicationList', [{ title: '岳川通讯', pic: '', url: 'https://pub.example.com/1' }]],
        ['newsList', { rows: [], total: 0 }, { page: 1 }],
      ],
    });
    expect(await screen.findByRole('link', { name: /岳川通讯/ })).toBeInTheDocument();
    expect(container.querySelector('.publications')).toHaveClass('publications--no-top');
    expect(container.querySelector('#journal [aria-busy="true"]')).toBeNull();
  });

  it("a page banner deleted in every language: the banner shows the page's own title, without a picture", async () => {
    const { container } = renderApp('/report', {
      entries: [...layout, ['pageBanner', { name: '', des: '', webimg: '', img: '' }, { type: 6 }], ['report', null]],
    });
    expect(await screen.findByRole('heading', { level: 1, name: '举报平台' })).toBeInTheDocument();
    expect(container.querySelector('.page-banner img')).toBeNull();
    expect(container.querySelector('.detail-page')).toBeEmptyDOMElement();
  });
});

describe('an en page showing zh parts because their en version is missing', () => {
  it('marks each such part lang="zh", its section heading staying in the page\'s language', async () => {
    const zh = { lang: 'zh' } as const;
    const { container } = renderApp('/innovation', {
      locale: 'en',
      entries: [
        ...layout,
        ['pageBanner', { name: '科技创新', des: '', webimg: '', img: '', ...zh }, { type: 3 }],
        ['sceneOverview', { ...item('研发中心'), ...zh }],
        ['sceneTeam', [{ ...item('王博士'), ...zh }]],
        ['sceneCooperation', [item('Qingwu University')]],
        ['sceneResearch', []],
      ],
    });
    const overview = container.querySelector('#overview') as HTMLElement;
    expect(within(overview).getByRole('heading', { name: '研发中心' }).closest('[lang]')).toHaveAttribute('lang', 'zh');
    expect(within(overview).getByRole('heading', { level: 2 }).closest('[lang="zh"]')).toBeNull();
    expect(screen.getByRole('heading', { name: '王博士' }).closest('[lang]')).toHaveAttribute('lang', 'zh');
    expect(screen.getByRole('heading', { level: 1, name: '科技创新' }).closest('[lang]')).toHaveAttribute('lang', 'zh');
    // A part in the page's own language is not marked.
    expect(screen.getByRole('heading', { name: 'Qingwu University' }).closest('[lang]')).toBe(document.documentElement);
  });

  it('marks the company name and the copyright of site settings given in zh', () => {
    const [, main] = layout[0]!;
    renderApp('/report', {
      locale: 'en',
      entries: [
        ['main', { ...(main as object), company: '岳川药业', copyright: '© 岳川', lang: 'zh' }],
        ['classifyList', []],
      ],
    });
    expect(screen.getByText('岳川药业')).toHaveAttribute('lang', 'zh');
    expect(screen.getByText('© 岳川')).toHaveAttribute('lang', 'zh');
  });
});
