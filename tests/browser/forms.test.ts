/**
 * Both forms in a real browser, against the real provider: invalid input keeps what was typed,
 * a valid submission lands in the provider's database, a failed one keeps the form filled.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import Database from '../../src/provider/sqliteDriver';
import type { Browser, Page } from 'playwright-core';
import { PHONE, waitForContent, withPage, type TestSite, onSuite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});

function rows<T>(sql: string): T[] {
  const db = new Database(join(site.dataDir, 'provider.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

describe('job application', () => {
  test('invalid input warns and keeps the text; a valid one is stored and clears the form', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/resources/2');
      await waitForContent(page);
      await page.getByLabel('姓名').fill('韩梅梅');
      await page.getByLabel('邮箱').fill('hanmeimei@example.com');
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.locator('.form-status').filter({ hasText: '应聘信息请填写完整！' }).waitFor();
      await page.waitForFunction((id) => document.activeElement?.id === id, 'application-phone'); // focus moves to the first invalid field
      assert.equal(await page.getByLabel('姓名').inputValue(), '韩梅梅');

      await page.getByLabel('电话').fill('13900001111');
      await page.getByLabel('邮箱').fill('han.mei@example');
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.locator('.form-status').filter({ hasText: '邮箱格式不正确！' }).waitFor();

      await page.getByLabel('邮箱').fill('hanmeimei@example.com');
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.locator('.form-status').filter({ hasText: '提交成功！' }).waitFor();
      assert.equal(await page.getByLabel('姓名').inputValue(), '');
      const stored = rows<Record<string, unknown>>('SELECT job_id, name, phone, email, consent_version FROM applications');
      assert.deepEqual(stored, [{ job_id: 2, name: '韩梅梅', phone: '13900001111', email: 'hanmeimei@example.com', consent_version: '2026-01' }]);
      assert.equal(await page.getByRole('checkbox', { name: /我已阅读并同意/ }).isChecked(), false, 'success clears the consent too');
    });
  });

  test('a failed submission keeps the form filled and says so', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/resources/3');
      await waitForContent(page);
      await page.route('**/api/index/recruit/submitData**', (route) => route.abort('connectionreset'));
      await page.getByLabel('姓名').fill('李雷');
      await page.getByLabel('电话').fill('13900003333');
      await page.getByLabel('邮箱').fill('lilei@example.com');
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.locator('.form-status').filter({ hasText: '网络异常' }).waitFor();
      assert.equal(await page.getByLabel('邮箱').inputValue(), 'lilei@example.com');
      assert.equal(await page.getByRole('button', { name: '提交申请' }).isEnabled(), true);
    });
  });
});

describe('patient-service message', () => {
  test('in English on a phone: invalid, then valid, stored', async (t) => {
    await withPage(t, browser, site, { locale: 'en', viewport: PHONE }, async ({ page }) => {
      await page.goto('/en/patient');
      await waitForContent(page);
      await page.getByLabel('Generic name of the medication bought').fill('Compound camphor ointment');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.locator('.form-status').filter({ hasText: 'Please check the marked fields' }).waitFor();
      assert.equal(await page.getByLabel('Generic name of the medication bought').inputValue(), 'Compound camphor ointment');

      await page.getByLabel('Adverse reactions').check();
      await page.getByLabel('Contact number').fill('+86 139 0000 2222');
      await page.getByLabel('Event description').fill('Redness after two days of use');
      await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
      await page.getByRole('checkbox', { name: /health information/ }).check();
      await page.getByRole('button', { name: 'Send message' }).click();
      const status = page.locator('.form-status').filter({ hasText: 'Submitted successfully!' });
      await status.waitFor();
      const reference = (await status.textContent())?.match(/PS-\d{4}-\d{6}/)?.[0];
      assert.ok(reference, 'the success message tells the case reference');
      assert.match((await status.textContent()) ?? '', /Your case reference is PS-\d{4}-\d{6}/);
      const stored = rows<Record<string, unknown>>(
        'SELECT category, medication, phone, description, reference, safety_flag, consent_version, health_consent_version FROM patient_messages',
      );
      assert.deepEqual(stored, [
        {
          category: 'adverse',
          medication: 'Compound camphor ointment',
          phone: '+86 139 0000 2222',
          description: 'Redness after two days of use',
          reference,
          safety_flag: 1,
          consent_version: '2026-01',
          health_consent_version: '2026-01',
        },
      ]);
    });
  });

  test('without consent says so, keeps every field and focuses the consent box', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/patient');
      await waitForContent(page);
      await page.getByLabel('不良反应').check();
      await page.getByLabel('所购药品通用名').fill('复方樟脑软膏');
      await page.getByLabel('用药原因或所治疾病').fill('蚊虫叮咬');
      await page.getByLabel('姓名').fill('王芳');
      await page.getByLabel('联系电话').fill('13900004444');
      await page.getByLabel('电子邮箱').fill('wangfang@example.com');
      await page.getByLabel('事件描述').fill('涂抹后局部发红');
      await page.getByRole('button', { name: '提交留言' }).click();
      await page.locator('.form-status').filter({ hasText: '请阅读并勾选同意《个人信息保护政策》后再提交' }).waitFor();
      await page.waitForFunction((id) => document.activeElement?.id === id, 'patient-consent'); // focus moves to the consent box
      assert.equal(await page.getByRole('checkbox', { name: /我已阅读并同意/ }).getAttribute('aria-invalid'), 'true');
      const kept = {
        所购药品通用名: '复方樟脑软膏',
        用药原因或所治疾病: '蚊虫叮咬',
        姓名: '王芳',
        联系电话: '13900004444',
        电子邮箱: 'wangfang@example.com',
        事件描述: '涂抹后局部发红',
      };
      for (const [label, value] of Object.entries(kept)) assert.equal(await page.getByLabel(label).inputValue(), value, label);
      assert.equal(await page.getByLabel('不良反应').isChecked(), true);

      await page.keyboard.press('Space');
      await page.getByRole('button', { name: '提交留言' }).click();
      await page.locator('.form-status').filter({ hasText: '请勾选同意我们处理您的健康信息后再提交' }).waitFor();
      await page.waitForFunction((id) => document.activeElement?.id === id, 'patient-health_consent'); // then the health consent box
      assert.equal(rows("SELECT id FROM patient_messages WHERE phone = '13900004444'").length, 0, 'nothing was sent');
    });
  });

  test('works with the keyboard alone', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/patient');
      await waitForContent(page);
      await page.getByLabel('医疗咨询').focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await page.keyboard.type('炉甘石洗剂');
      for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
      await page.keyboard.type('13900003333');
      // e-mail, description, the privacy notice link, then the two consent boxes
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page
        .locator('.form-status')
        .filter({ hasText: /提交成功！您的留言编号为 PS-\d{4}-\d{6}/ })
        .waitFor();
      assert.deepEqual(rows("SELECT category, medication, phone FROM patient_messages WHERE phone = '13900003333'"), [
        { category: 'medical', medication: '炉甘石洗剂', phone: '13900003333' },
      ]);
    });
  });
});

describe('privacy notice', () => {
  test('the forms link to it and it renders in zh and en', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/resources/2');
      await waitForContent(page);
      await page.locator('#application-consent-notice').getByRole('link', { name: '《个人信息保护政策》' }).click();
      await page.getByRole('heading', { level: 1, name: '个人信息保护政策' }).waitFor();
      await page.getByText('版本：2026-01').waitFor();
      await page.getByRole('heading', { name: '敏感个人信息' }).waitFor();
    });
    await withPage(t, browser, site, { locale: 'en', viewport: PHONE }, async ({ page }) => {
      await page.goto('/en/privacy');
      await waitForContent(page);
      await page.getByRole('heading', { level: 1, name: 'Privacy Notice' }).waitFor();
      await page.getByRole('heading', { name: 'Sensitive personal information' }).waitFor();
      assert.match(await page.title(), /^Privacy Notice - /);
    });
  });
});

describe('form styles travel with the forms', () => {
  /** The selectors of every style rule the document holds, inline or linked, inside media rules too (but print's). */
  const styleSelectors = (page: Page) =>
    page.evaluate(() => {
      // A list to walk rather than a recursive function: the page gets the source as it is.
      const selectors: string[] = [];
      const rules = Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules));
      while (rules.length > 0) {
        const rule = rules.shift()!;
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        // print.css hides forms on paper, on every page
        else if (rule instanceof CSSMediaRule && rule.media.mediaText === 'print') continue;
        else if (rule instanceof CSSGroupingRule) rules.push(...Array.from(rule.cssRules));
      }
      return selectors;
    });
  const formPosition = (page: Page) => page.locator('form.form').evaluate((form) => getComputedStyle(form).position);

  test('a page without a form carries none of their rules; a form reached in the app is styled, and on a phone too', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/');
      await waitForContent(page);
      const before = await styleSelectors(page);
      assert.ok(
        before.some((selector) => selector.includes('.site-header')),
        'the page has its own rules',
      );
      assert.deepEqual(
        before.filter((selector) => /\.form(\b|_|-)/.test(selector)),
        [],
      );
      await page.locator('.site-footer a[href="/patient"]').first().click();
      await page.waitForURL('**/patient');
      const form = page.locator('form.form');
      await form.waitFor();
      // the wide form's measure comes from the forms' rules alone
      assert.notEqual(await form.evaluate((element) => getComputedStyle(element).maxWidth), 'none', 'styled as soon as it shows');
    });
    await withPage(t, browser, site, { viewport: PHONE }, async ({ page }) => {
      await page.goto('/resources/2');
      await waitForContent(page);
      // the phone's rule comes after the form's own: it wins
      assert.equal(await formPosition(page), 'static');
    });
  });
});
