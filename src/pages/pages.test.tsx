import { flushSync } from 'react-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, type Entry } from '../app/renderApp.testing';
import { selectProductList, selectProductTab } from '../features/product/selectors';

const main = {
  company: '岳川药业有限公司',
  logo: '',
  qrcode: '/qr.svg',
  copyright: '© 岳川',
  icp: '青ICP备1号',
  drug_certificate: '（青）-非经营性-1',
  shop_url: 'https://shop.example.com',
  links: [{ title: '岳川医药集团', url: 'https://group.example.com' }],
};
const categories = [
  { id: 1, name: '软膏剂' },
  { id: 2, name: '乳膏剂' },
];
const layout: Entry[] = [
  ['main', main],
  ['classifyList', categories],
];
const banner = (type: number, name: string): Entry => ['pageBanner', { name, des: `${name}简介`, webimg: '/w.jpg', img: '/m.jpg' }, { type: type as never }];
const news = (id: number) => ({ id, pic: '', title: `新闻${id}`, des: `摘要${id}`, create_time: `2026-0${id}-01 10:00:00` });

describe('the top bar and footer', () => {
  it('show every item, the language menu, the footer legal lines and the QR caption', async () => {
    renderApp('/report', { entries: [...layout, banner(6, '举报平台'), ['report', { title: '', content: '<p>举报渠道</p>' }]] });
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const topLinks = within(nav)
      .getAllByRole('link')
      .filter((a) => a.classList.contains('site-nav__link'))
      .map((a) => a.textContent);
    expect(topLinks).toEqual(['首页', '关于我们', '产品中心', '科技创新', '新闻资讯', '人力资源', '举报平台']);
    expect(within(nav).getByRole('link', { name: '举报平台' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('微信公众号')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /ICP备案号：青ICP备1号/ })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    expect(screen.getByText('互联网药品信息服务资格证书编号：（青）-非经营性-1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /岳川医药集团/ })).toHaveAttribute('target', '_blank');
    expect(await screen.findByText('举报渠道')).toBeInTheDocument();
  });

  it('hide Human Resources and the Links column in en', () => {
    renderApp('/about', { locale: 'en', entries: layout });
    expect(screen.queryByRole('link', { name: 'Human Resources' })).not.toBeInTheDocument();
    expect(screen.queryByText('岳川医药集团')).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'About Us', current: 'page' })).toBeInTheDocument();
  });

  it('open a sub-menu on hover, focus and tap, with category anchors under Product Center', () => {
    const { store } = renderApp('/', { entries: layout });
    const toggle = screen.getByRole('button', { name: '产品中心' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const cream = screen.getByRole('link', { name: '乳膏剂' });
    expect(cream).toBeVisible();
    expect(cream).toHaveAttribute('href', '/product?category=2#product');
    // A Ctrl-, Cmd- or Shift-click or another button is the browser's: a new tab or window, the page stays.
    for (const modified of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(fireEvent.click(cream, modified)).toBe(true);
      expect(store.getState().navigation.route?.path).toBe('/');
    }
    expect(fireEvent.click(cream)).toBe(false);
    expect(store.getState().navigation.route?.query).toEqual({ category: '2' });
    expect(selectProductTab(store.getState())).toBe(1);
    fireEvent.mouseEnter(document.querySelector('.site-nav__link[href="/about"]')?.closest('li') as HTMLElement);
    expect(store.getState().navigation.openSubMenu).toBe('about');
  });

  it('link each language to this page, and toggle the phone menu through the store where the browser has no popovers', () => {
    const { store } = renderApp('/product', { locale: 'en', entries: layout });
    expect(screen.getByRole('link', { name: '中文' })).toHaveAttribute('href', '/product');
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/product');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toHaveAttribute('popover', 'auto');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(store.getState().navigation.mobileMenuOpen).toBe(true);
    expect(nav).toHaveClass('is-open');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(nav).not.toHaveClass('is-open');
  });

  it('highlight News on a news detail path', async () => {
    renderApp('/news/3', { entries: [...layout, ['newsDetail', { ...news(3), content: '<p>正文</p>' }, { id: '3' }]] });
    expect(within(screen.getByRole('navigation', { name: '主导航' })).getByRole('link', { name: '新闻资讯', current: 'page' })).toBeInTheDocument();
    expect(await screen.findByText('正文')).toBeInTheDocument();
  });

  it('the shop variant searches products and links the shop in a new tab', () => {
    const { container } = renderApp('/', { entries: layout, adjust: (s) => void (s.site.variant = 'shop') });
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(container.querySelector('a[href="https://shop.example.com"]')).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(screen.getByRole('navigation', { name: '主导航' })).queryByText('公告')).not.toBeInTheDocument();
  });
});

describe('pages', () => {
  it('home: banner, product tiles with More, about, featured news and timeline', async () => {
    const { store } = renderApp('/', {
      entries: [
        ...layout,
        ['banner', [{ type: '图片', img: '/b.jpg', video_img: '', title: '守护肌肤健康', des: '外用药' }]],
        [
          'homeProduct',
          [
            { pic: '/t1.jpg', over_pic: '', title: '软膏剂', des: '滋润' },
            { pic: '', over_pic: '', title: '乳膏剂', des: '清爽' },
          ],
        ],
        ['homeAbout', { title: '关于岳川', des: '成立于2001年', pic: '' }],
        ['homeNews', { top: news(1), list: [news(2)] }],
      ],
    });
    expect(await screen.findByRole('heading', { name: '守护肌肤健康' })).toBeInTheDocument();
    // The first slide is the picture above the fold: fetched first, shown with the text.
    const firstSlide = document.querySelector('.home-banner__media');
    expect(firstSlide).toHaveAttribute('loading', 'eager');
    expect(firstSlide).toHaveAttribute('decoding', 'sync');
    // A phone's first screen ends on the product tiles: they wait, and never go high beside the banner.
    expect(screen.getByRole('img', { name: '软膏剂' })).toHaveAttribute('fetchpriority', 'low');
    expect(screen.getByRole('img', { name: '软膏剂' })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('成立于2001年')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /新闻1/ })).toHaveAttribute('href', '/news/1');
    expect(document.title).toBe('岳川药业有限公司');
    const tile = screen.getByRole('link', { name: /了解更多\s?: 乳膏剂/ });
    // A real link: the second tile opens the second category, and can be opened or shared as such.
    expect(tile).toHaveAttribute('href', '/product?category=2#product');
    fireEvent.click(tile);
    expect(store.getState().navigation.route).toMatchObject({ routeId: 'product', query: { category: '2' }, hash: '#product', navigation: 'push' });
  });

  it('home: a banner slide the content left without its picture or video is left out, never an empty src', async () => {
    renderApp('/', {
      entries: [
        ...layout,
        [
          'banner',
          [
            { type: '图片', img: '', video_img: '', title: '无图', des: '' },
            { type: '视频', img: '', video_img: '/poster.jpg', title: '无视频', des: '' },
            { type: '图片', img: '/b.jpg', video_img: '', title: '守护肌肤健康', des: '外用药' },
            { type: '视频', img: '/v.mp4', video_img: '', title: '无封面', des: '' },
          ],
        ],
      ],
    });
    expect(await screen.findByRole('heading', { name: '守护肌肤健康' })).toBeInTheDocument();
    // A video without its poster still plays: it is only the empty poster that goes.
    expect(document.querySelector('video[src="/v.mp4"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: '无图' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '无视频' })).not.toBeInTheDocument();
    // React leaves an empty src out of the markup (and warns): what shows is a picture without one.
    expect(document.querySelectorAll('.home-banner img:not([src]), .home-banner video:not([src]), [src=""], [poster=""]')).toHaveLength(0);
    // The slide that shows is the first: the picture above the fold.
    expect(document.querySelector('.home-banner__media')).toHaveAttribute('loading', 'eager');
  });

  it('home: a banner whose every slide lacks its picture shows the empty state, not an empty carousel', async () => {
    renderApp('/', { entries: [...layout, ['banner', [{ type: '图片', img: '', video_img: '', title: '无图', des: '' }]]] });
    expect(await within(document.querySelector<HTMLElement>('.home-banner')!).findByText('暂无内容')).toBeInTheDocument();
    expect(document.querySelector('.home-banner__carousel')).toBeNull();
    expect(document.querySelectorAll('.home-banner img')).toHaveLength(0);
  });

  it('product list: tabs, grid, pagination, contacts; the empty state', async () => {
    const { store } = renderApp('/product', {
      entries: [
        ...layout,
        banner(2, '产品中心'),
        ['productContacts', { abroad: { phone: '+86 1', email: 'intl@x.com' }, domestic: { phone: '400', email: 'cn@x.com' } }],
        ['productList', { rows: [{ id: 7, name: '樟脑软膏', pics: ['/p.png'] }], total: 13 }, { classifyId: 1, page: 1 }],
      ],
      api: { productList: async () => ({ rows: [], total: 0 }) },
    });
    expect(await screen.findByRole('tab', { name: '软膏剂', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '樟脑软膏' })).toHaveAttribute('href', '/product/7');
    // The cards begin at the foot of a phone's first screen, under the banner: lazy and low.
    expect(screen.getByRole('link', { name: '樟脑软膏' }).querySelector('img')).toHaveAttribute('fetchpriority', 'low');
    expect(screen.getByRole('button', { name: '第 3 页' })).toBeInTheDocument();
    expect(screen.getByText('intl@x.com')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '乳膏剂' }));
    // The tab is in the URL, by the category's id (Back returns to it); the second category has no products.
    expect(store.getState().navigation.route).toMatchObject({ path: '/product', query: { category: '2' } });
    expect(selectProductTab(store.getState())).toBe(1);
    expect(await screen.findByText('没有找到相关产品')).toBeInTheDocument();
  });

  it('a category tap renders the tab first; the grid turns stale in a later render', async () => {
    const { store } = renderApp('/product', {
      // The list of the first tab is loaded: entering the page asks for nothing.
      entries: [...layout, ['productList', { rows: [{ id: 7, name: '樟脑软膏', pics: [] }], total: 1 }, { classifyId: 1, page: 1 }]],
    });
    const grid = (await screen.findByRole('link', { name: '樟脑软膏' })).closest('ul') as HTMLElement;
    expect(grid).not.toHaveClass('is-stale');
    // As in a browser, not in act() (which would run the deferred render too): the tap's render is
    // synchronous, the deferred one is scheduled after it.
    const react = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = react.IS_REACT_ACT_ENVIRONMENT;
    react.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      flushSync(() => screen.getByRole('tab', { name: '乳膏剂' }).click());
      expect(selectProductList(store.getState()).status).toBe('loading');
      expect(screen.getByRole('tab', { name: '乳膏剂' })).toHaveAttribute('aria-selected', 'true');
      expect(grid).not.toHaveClass('is-stale');
      await waitFor(() => expect(grid).toHaveClass('is-stale'));
      expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-1');
    } finally {
      react.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('product detail: breadcrumb, special line, the table', async () => {
    const detail = {
      id: 7,
      name: '樟脑软膏',
      pics: ['/1.png'],
      pic: '',
      des: '<p>用于止痒</p>',
      productspecial: '清凉',
      product: '樟脑软膏',
      character: '淡黄色',
      sku: '20克',
      num: '国药准字H1',
      indication: '瘙痒',
      taboo: '过敏者禁用',
      business: '岳川',
      classify_id: 1,
      classify_name: '软膏剂',
      composition: '',
      administration: '',
      package: '',
      manufacturer: '',
    };
    renderApp('/product/7', { entries: [...layout, ['productDetail', detail, { id: '7' }]] });
    expect(await screen.findByRole('heading', { level: 1, name: '樟脑软膏' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByRole('link', { name: '软膏剂' })).toHaveAttribute('href', '/product?category=1');
    expect(screen.getByRole('row', { name: '批准文号 国药准字H1' })).toBeInTheDocument();
    expect(screen.getByText('用于止痒')).toBeInTheDocument();
    expect(screen.getByText('清凉')).toBeInTheDocument();
  });

  it('news: featured first item, cards, More while rows < total, proclamation and publications', async () => {
    renderApp('/news', {
      entries: [
        ...layout,
        banner(4, '新闻资讯'),
        ['noticeList', [{ id: 1, title: '公告一', create_time: '2026-01-01' }]],
        ['publicationTop', { title: '岳川通讯', pic: '', url: 'https://pub.example.com/1' }],
        ['publicationList', []],
      ],
      api: { newsList: async () => ({ rows: [news(1), news(2)], total: 7 }) },
    });
    expect(await screen.findByRole('link', { name: /新闻1/ })).toHaveClass('news-card--featured');
    // the featured card has no picture: the banner stays the largest picture on every screen
    expect(document.querySelector('.page-banner__image')).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByRole('button', { name: '加载更多' })).toBeEnabled();
    expect(screen.getByRole('link', { name: /公告一/ })).toHaveAttribute('href', '/news/noticedetail/1');
    expect(screen.getByRole('link', { name: /岳川通讯/ })).toHaveAttribute('target', '_blank');
  });

  it("news: a featured card with a picture leads a phone's first screen, and the banner's own picture goes low", async () => {
    renderApp('/news', {
      entries: [
        ...layout,
        banner(4, '新闻资讯'),
        ['noticeList', []],
        ['publicationTop', { title: '岳川通讯', pic: '', url: 'https://pub.example.com/1' }],
        ['publicationList', []],
      ],
      api: { newsList: async () => ({ rows: [{ ...news(1), pic: '/n1.jpg' }, news(2)], total: 2 }) },
    });
    const featured = await screen.findByRole('link', { name: /新闻1/ });
    expect(featured.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(document.querySelector('.page-banner__image')).toHaveAttribute('fetchpriority', 'low');
  });

  it('news detail: meta description from des and keywords from the title', async () => {
    renderApp('/news/3', {
      locale: 'en',
      entries: [...layout, ['newsDetail', { ...news(3), title: 'GMP passed', des: 'The plant passed', content: '<p>Body</p>' }, { id: '3' }]],
    });
    expect(await screen.findByRole('heading', { name: 'GMP passed' })).toBeInTheDocument();
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'The plant passed');
    expect(document.querySelector('meta[name="keywords"]')).toHaveAttribute('content', 'GMP passed');
    expect(document.title).toBe('GMP passed - Yuechuan Pharmaceutical Co., Ltd.');
    expect(document.documentElement.lang).toBe('en');
  });

  it('notice: title and rich content', async () => {
    renderApp('/news/notice', {
      entries: [...layout, banner(4, '新闻资讯'), ['notices', [{ id: 1, title: '停产检修公告', content: '<p>检修三天</p>', create_time: '2026-01-01' }]]],
    });
    expect(await screen.findByRole('heading', { name: '停产检修公告' })).toBeInTheDocument();
    expect(screen.getByText('检修三天')).toBeInTheDocument();
  });

  it('about: every section with its anchor', async () => {
    const { container } = renderApp('/about', {
      entries: [
        ...layout,
        banner(1, '关于我们'),
        ['aboutUs', { title: '公司简介', des: '<p>成立于2001年</p>', pic: '/c.jpg' }],
        ['develop', [{ title: '2001', des: '公司成立' }]],
        ['business', [{ pic: '', title: '使命', des: '安全有效' }]],
        [
          'social',
          {
            des: '公益',
            imgList: [
              { pic: '/a.jpg', title: '义诊' },
              { pic: '/b.jpg', title: '捐赠' },
            ],
          },
        ],
        ['contactUs', { phone: '400-1', email: 'a@b.com', tel: '0-1', zipcode: '000', address: '岳川路8号', pic: '' }],
      ],
    });
    expect(await screen.findByText('成立于2001年')).toBeInTheDocument();
    // The company's picture sits at the foot of a phone's first screen, under the banner: lazy and low.
    expect(screen.getByRole('img', { name: '公司简介' })).toHaveAttribute('fetchpriority', 'low');
    for (const id of ['company', 'development', 'culture', 'social', 'contact']) expect(container.querySelector(`#${id}`)).not.toBeNull();
    fireEvent.mouseEnter(screen.getByRole('button', { name: '捐赠' }));
    expect(screen.getByText('捐赠', { selector: 'figcaption' })).toBeInTheDocument();
    expect(screen.getByText('岳川路8号')).toBeInTheDocument();
  });

  it("innovation: four sections, the overview's picture leading a phone's first screen", async () => {
    const item = (title: string, pic = '') => ({ title, des: `${title}说明`, pic });
    renderApp('/innovation', {
      entries: [
        ...layout,
        banner(3, '科技创新'),
        ['sceneOverview', item('研发中心', '/uploads/lab.webp')],
        ['sceneTeam', [item('王博士', '/uploads/wang.webp')]],
        ['sceneCooperation', [item('青梧大学')]],
        ['sceneResearch', [{ ...item('专利'), over_pic: '' }]],
      ],
    });
    for (const text of ['研发中心', '王博士', '青梧大学', '专利']) expect(await screen.findByRole('heading', { name: text })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '研发中心' })).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('img', { name: '王博士' })).toHaveAttribute('loading', 'lazy');
    // larger than the banner on a phone: the banner leaves its priority to it there
    expect(document.querySelector('.page-banner__image')).toHaveAttribute('fetchpriority', 'low');
  });

  it('resources: culture, staff grid, join-us table with apply links, policies', async () => {
    renderApp('/resources', {
      entries: [
        ...layout,
        banner(5, '人力资源'),
        ['memberCulture', { list: [{ pic: '', title: '团建' }], val: '以人为本' }],
        ['hrPolicies', [{ title: '培训', des: '优秀员工每2年外训' }]],
        ['jobs', [{ id: 4, title: '质量工程师', type: '技术', num: 2, area: '青梧', status: '全职', create_time: '' }]],
        ['memberList', { rows: [{ pic: '/s.jpg' }], total: 11 }, { page: 1 }],
      ],
    });
    expect(await screen.findByText('以人为本')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /申请职位\s?: 质量工程师/ })).toHaveAttribute('href', '/resources/4');
    expect(screen.getByRole('img', { name: '员工照片 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '第 2 页' })).toBeInTheDocument();
    expect(screen.getByText('优秀员工每2年外训')).toBeInTheDocument();
    // no culture picture: the banner stays the largest picture on every screen
    expect(document.querySelector('.page-banner__image')).toHaveAttribute('fetchpriority', 'high');
  });

  it("resources: the first culture card's picture leads a phone's first screen, the cards beside it stay low", async () => {
    renderApp('/resources', {
      entries: [
        ...layout,
        banner(5, '人力资源'),
        ['memberCulture', { list: ['团建', '培训', '义诊'].map((title, n) => ({ pic: `/c${n}.jpg`, title })), val: '以人为本' }],
        ['hrPolicies', []],
        ['jobs', []],
        ['memberList', { rows: [], total: 0 }, { page: 1 }],
      ],
    });
    expect(await screen.findByRole('img', { name: '团建' })).toHaveAttribute('loading', 'eager');
    for (const name of ['培训', '义诊']) expect(screen.getByRole('img', { name })).toHaveAttribute('fetchpriority', 'low');
    expect(document.querySelector('.page-banner__image')).toHaveAttribute('fetchpriority', 'low');
  });

  const jobEntries: Entry[] = [
    ...layout,
    banner(5, '人力资源'),
    [
      'jobDetail',
      { id: 4, title: '质量工程师', type: '技术', num: 2, area: '青梧', status: '全职', create_time: '2026-10-01 09:00:00', content: '<p>负责质量</p>' },
      { id: '4' },
    ],
    ['privacyNotice', { title: '个人信息保护政策', content: '', version: '2026-01', update_time: '' }],
  ];
  const fillApplication = () => {
    fireEvent.change(screen.getByLabelText(/姓名/), { target: { value: '李雷' } });
    fireEvent.change(screen.getByLabelText(/电话/), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByLabelText(/邮箱/), { target: { value: 'lilei@example.com' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
  };

  it('job detail: facts, breadcrumb, labelled form; what is typed stays in the form, out of the store', async () => {
    const { store } = renderApp('/resources/4', { entries: jobEntries });
    expect(await screen.findByRole('heading', { level: 1, name: '质量工程师' })).toBeInTheDocument();
    expect(screen.getByText('全职')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: '当前位置' })).getByRole('link', { name: '加入我们' })).toHaveAttribute(
      'href',
      '/resources?name=joinus',
    );
    fillApplication();
    expect(screen.getByLabelText(/姓名/)).toHaveValue('李雷');
    expect(JSON.stringify(store.getState())).not.toMatch(/李雷|13800000000|lilei/);
  });

  it('job detail: sends what was typed and the tick, clears the form on success only', async () => {
    const submitApplication = jest.fn().mockRejectedValueOnce({ kind: 'envelope', code: 1, msg: '提交过于频繁' }).mockResolvedValueOnce('ok');
    const { store } = renderApp('/resources/4', { entries: jobEntries, api: { submitApplication } });
    await screen.findByRole('heading', { level: 1, name: '质量工程师' });
    fillApplication();
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('提交过于频繁');
    expect(submitApplication).toHaveBeenCalledWith('zh', { name: '李雷', phone: '13800000000', email: 'lilei@example.com', id: '4', consent: '2026-01' });
    expect(screen.getByLabelText(/邮箱/)).toHaveValue('lilei@example.com');
    expect(screen.getByRole('checkbox', { name: /我已阅读并同意/ })).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('提交成功！', { selector: '.form-status' })).toBeInTheDocument();
    expect(submitApplication).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText(/姓名/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /我已阅读并同意/ })).not.toBeChecked();
    expect(JSON.stringify(store.getState())).not.toMatch(/李雷|13800000000|lilei/);
  });

  it('job detail: a site updated under the page keeps the form filled, says so and offers the reload, which only the visitor starts', async () => {
    const updated = Object.assign(new Error('Loading chunk axios failed.'), { name: 'ChunkLoadError' });
    const { deps } = renderApp('/resources/4', { entries: jobEntries, api: { submitApplication: () => Promise.reject(updated) } });
    await screen.findByRole('heading', { level: 1, name: '质量工程师' });
    fillApplication();
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('网站刚刚更新，提交未成功');
    expect(deps.services.reload).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/姓名/)).toHaveValue('李雷');
    expect(screen.getByRole('checkbox', { name: /我已阅读并同意/ })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
  });

  it('patient form: mandatory marks, prompts, confidentiality and field errors; editing a field clears its error', async () => {
    renderApp('/patient', {
      locale: 'en',
      entries: [...layout, banner(1, 'Patient'), ['patientContent', { title: 'Patient Service', des: 'Tell us', confidentiality: 'We keep it confidential' }]],
      adjust: (s) =>
        void (s.forms = {
          path: '/patient',
          byKey: { patient: { status: 'failed', fieldErrors: { phone: 'required', medication: 'required' }, error: 'Please check', refusal: 1 } },
        }),
    });
    expect(await screen.findByText('We keep it confidential')).toBeInTheDocument();
    expect(screen.getByText('Identification is a mandatory input item')).toBeInTheDocument();
    expect(screen.getByText(/Please select the category of service you need/)).toBeInTheDocument();
    expect(screen.getByText('Please enter the generic name of the purchased medication')).toBeInTheDocument();
    expect(screen.getByLabelText(/Contact number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please check');
    fireEvent.change(screen.getByLabelText(/Contact number/), { target: { value: '1' } });
    expect(screen.getByLabelText(/Contact number/)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText(/Contact number/)).toHaveValue('1');
    expect(screen.getByLabelText(/Generic name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('a section that failed shows its error and a retry', async () => {
    const refused = { kind: 'envelope', code: 1, msg: '内容服务暂时不可用' };
    let refuseAgain!: (reason: unknown) => void;
    const report = jest
      .fn()
      .mockImplementationOnce(() => Promise.reject(refused))
      .mockImplementationOnce(() => new Promise((_, reject) => (refuseAgain = reject)));
    renderApp('/report', { entries: layout, api: { report } });
    expect(await screen.findByText('内容服务暂时不可用')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('内容加载失败');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    // Asked again: the error gives way while the section loads, and comes back with the new refusal.
    await waitFor(() => expect(screen.queryByText('内容服务暂时不可用')).not.toBeInTheDocument());
    expect(report).toHaveBeenCalledTimes(2);
    refuseAgain(refused);
    expect(await screen.findByText('内容服务暂时不可用')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(report).toHaveBeenCalledTimes(2); // one Retry, one request
  });

  it('an unknown path shows the 404 page with a way home', async () => {
    renderApp('/nope', { locale: 'en', entries: layout });
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/en');
  });

  it('the bare layout has no top bar and asks before logging out', async () => {
    const { deps } = renderApp('/login', { entries: layout });
    expect(await screen.findByRole('heading', { name: '登录' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '主导航' })).not.toBeInTheDocument();
    (deps.services.confirm as jest.Mock).mockReturnValue(false);
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(deps.services.confirm).toHaveBeenCalledWith('退出登录?');
  });
});
