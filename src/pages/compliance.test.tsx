import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, type Entry } from '../app/renderApp.testing';

const main = {
  company: '岳川药业有限公司',
  logo: '',
  qrcode: '',
  copyright: '© 岳川',
  icp: '青ICP备00000000号-1',
  drug_certificate: '（青）-非经营性-2001-0000',
  police_filing: '青公网安备63010002000001号',
  shop_url: '',
  links: [],
};
const layout: Entry[] = [
  ['main', main],
  ['classifyList', []],
];
const notice = { title: '个人信息保护政策', content: '<p>我们如何处理您的个人信息</p>', version: '2026-01', update_time: '2026-01-15 09:00:00' };
const legal = () => screen.getByRole('group', { name: /备案信息|Filing information/ });

describe('footer compliance lines', () => {
  it('label the certificate and link the ICP and public-security filings to their registries in new tabs', () => {
    renderApp('/about', { entries: layout });
    expect(within(legal()).getByText('互联网药品信息服务资格证书编号：（青）-非经营性-2001-0000')).toBeInTheDocument();
    const icp = within(legal()).getByRole('link', { name: /ICP备案号：青ICP备00000000号-1/ });
    expect(icp).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    expect(icp).toHaveAttribute('target', '_blank');
    expect(icp).toHaveAttribute('rel', 'noopener noreferrer');
    const police = within(legal()).getByRole('link', { name: /公安备案号：青公网安备63010002000001号/ });
    expect(police).toHaveAttribute('href', 'http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=63010002000001');
    expect(police).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('speak English labels and leave out the public-security line when the provider gives none', () => {
    renderApp('/about', {
      locale: 'en',
      entries: [
        ['main', { ...main, police_filing: '' }],
        ['classifyList', []],
      ],
    });
    expect(within(legal()).getByText('Internet Drug Information Service Certificate No. （青）-非经营性-2001-0000')).toBeInTheDocument();
    expect(within(legal()).getByRole('link', { name: /ICP Filing No. 青ICP备00000000号-1/ })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    expect(within(legal()).queryByText(/Public Security Filing/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Notice' })).toHaveAttribute('href', '/en/privacy');
  });
});

describe('product detail reminder', () => {
  const detail = {
    id: 7,
    name: '樟脑软膏',
    pics: [],
    pic: '',
    des: '',
    productspecial: '',
    product: '',
    character: '',
    sku: '',
    num: '国药准字H00000000',
    indication: '',
    taboo: '',
    business: '',
    classify_id: 1,
    classify_name: '软膏剂',
    composition: '',
    administration: '',
    package: '',
    manufacturer: '',
    reminder: '',
  };

  it('keeps the approval number labelled and shows the standard reminder from the UI strings', async () => {
    renderApp('/product/7', { entries: [...layout, ['productDetail', detail, { id: '7' }]] });
    expect(await screen.findByRole('note')).toHaveTextContent('请仔细阅读说明书并按说明使用或在药师指导下购买和使用');
    expect(screen.getByRole('row', { name: '批准文号 国药准字H00000000' })).toBeInTheDocument();
  });

  it("uses the provider's wording when it gives one", async () => {
    renderApp('/product/7', { locale: 'en', entries: [...layout, ['productDetail', { ...detail, reminder: 'OTC: read the insert.' }, { id: '7' }]] });
    expect(await screen.findByRole('note')).toHaveTextContent('OTC: read the insert.');
  });
});

describe('consent fields', () => {
  it('patient form: notice, link to the privacy notice, two consents wired for screen readers', async () => {
    renderApp('/patient', { entries: [...layout, ['patientContent', { title: '', des: '', confidentiality: '' }], ['privacyNotice', notice]] });
    const consent = await screen.findByRole('checkbox', { name: /我已阅读并同意/ });
    const health = screen.getByRole('checkbox', { name: /健康信息/ });
    expect(consent).toHaveAttribute('aria-describedby', 'patient-consent-notice');
    expect(document.getElementById('patient-consent-notice')).toHaveTextContent('用于回复您的留言');
    expect(health.getAttribute('aria-describedby')).toContain('patient-health_consent-hint');
    expect(within(document.getElementById('patient-consent-notice') as HTMLElement).getByRole('link', { name: '《个人信息保护政策》' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    fireEvent.click(health);
    expect(health).toBeChecked();
  });

  it('after a submission refused for consent only, focus lands on the consent box', async () => {
    const { store } = renderApp('/resources/2', {
      entries: [
        ...layout,
        ['jobDetail', { id: 2, title: '药师', type: '', num: 1, area: '', status: '', create_time: '2026-01-01', content: '' }, { id: '2' }],
        ['privacyNotice', notice],
      ],
    });
    await screen.findByRole('heading', { name: '药师' });
    act(
      () =>
        void store.dispatch({
          type: 'forms/submitRejected',
          payload: { form: 'application:2', fieldErrors: { consent: 'required' }, error: '请阅读并勾选同意《个人信息保护政策》后再提交' },
        }),
    );
    const consent = screen.getByRole('checkbox', { name: /我已阅读并同意/ });
    // After the frame that shows the message.
    await waitFor(() => expect(consent).toHaveFocus());
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent.getAttribute('aria-describedby')).toContain('application-consent-error');
    expect(screen.getByRole('alert')).toHaveTextContent('请阅读并勾选同意');
  });

  it('a field problem takes focus before the consent box', async () => {
    const { store } = renderApp('/resources/2', {
      entries: [
        ...layout,
        ['jobDetail', { id: 2, title: '药师', type: '', num: 1, area: '', status: '', create_time: '2026-01-01', content: '' }, { id: '2' }],
        ['privacyNotice', notice],
      ],
    });
    await screen.findByRole('heading', { name: '药师' });
    act(
      () =>
        void store.dispatch({
          type: 'forms/submitRejected',
          payload: { form: 'application:2', fieldErrors: { email: 'invalidEmail', consent: 'required' }, error: '邮箱格式不正确！' },
        }),
    );
    await waitFor(() => expect(screen.getByLabelText(/邮箱/)).toHaveFocus());
  });
});

describe('a refused submission', () => {
  it('moves focus once per refusal: editing a marked field leaves focus where the visitor is', async () => {
    const { store } = renderApp('/patient', {
      entries: [...layout, ['patientContent', { title: '', des: '', confidentiality: '' }], ['privacyNotice', notice]],
    });
    await screen.findByRole('checkbox', { name: /我已阅读并同意/ });
    const refuse = () =>
      act(
        () =>
          void store.dispatch({
            type: 'forms/submitRejected',
            payload: { form: 'patient', fieldErrors: { medication: 'required', phone: 'required' }, error: '请检查标记的内容后再提交' },
          }),
      );
    const medication = screen.getByLabelText(/所购药品通用名/);
    refuse();
    await waitFor(() => expect(medication).toHaveFocus());
    // The clock is the test's from the edit on: every frame and timer a focus move could wait for is run below.
    jest.useFakeTimers();
    try {
      fireEvent.change(medication, { target: { value: '樟脑软膏' } });
      expect(medication).toHaveAttribute('aria-invalid', 'false');
      act(() => jest.advanceTimersByTime(1_000));
    } finally {
      jest.useRealTimers();
    }
    expect(medication).toHaveFocus();
    act(() => medication.blur());
    refuse();
    await waitFor(() => expect(medication).toHaveFocus());
  });

  it("is answered with the form's message first; the fields are marked in a later render", async () => {
    const { store } = renderApp('/patient', {
      entries: [...layout, ['patientContent', { title: '', des: '', confidentiality: '' }], ['privacyNotice', notice]],
    });
    const form = (await screen.findByRole('checkbox', { name: /我已阅读并同意/ })).closest('form') as HTMLFormElement;
    const records: MutationRecord[] = [];
    new MutationObserver((batch) => records.push(...batch)).observe(form, { subtree: true, childList: true, characterData: true });
    act(
      () => void store.dispatch({ type: 'forms/submitRejected', payload: { form: 'patient', fieldErrors: { phone: 'required' }, error: '请检查标红的项目' } }),
    );
    await waitFor(() => expect(screen.getByLabelText(/联系电话/)).toHaveFocus());
    const message = records.findIndex((record) => (record.target as Element).closest?.('.form-status') ?? record.target.parentElement?.closest('.form-status'));
    const fieldError = records.findIndex((record) => [...record.addedNodes].some((node) => (node as Element).classList?.contains('form-field__error')));
    expect(message).toBeGreaterThanOrEqual(0);
    expect(fieldError).toBeGreaterThan(message);
  });
});

describe('privacy page', () => {
  it('shows the notice with its version and date, in English too', async () => {
    renderApp('/privacy', {
      locale: 'en',
      entries: [...layout, ['privacyNotice', { ...notice, title: 'Privacy Notice', content: '<p>How we handle your data</p>' }]],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeInTheDocument();
    expect(screen.getByText('Version 2026-01')).toBeInTheDocument();
    expect(screen.getByText('How we handle your data')).toBeInTheDocument();
    // The title follows the page in an effect after the heading shows.
    await waitFor(() => expect(document.title).toBe('Privacy Notice - Yuechuan Pharmaceutical Co., Ltd.'));
  });
});
