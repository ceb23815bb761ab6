/**
 * Both forms in a real browser, against the real provider: invalid input keeps what was typed,
 * a valid submission lands in the provider's database, a failed one keeps the form filled.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
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
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'application-phone', 'focus moves to the first invalid field');
      assert.equal(await page.getByLabel('姓名').inputValue(), '韩梅梅');

      await page.getByLabel('电话').fill('13900001111');
      await page.getByLabel('邮箱').fill('han.mei@example');
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.locator('.form-status').filter({ hasText: '邮箱格式不正确！' }).waitFor();

      await page.getByLabel('邮箱').fill('hanmeimei@example.com');
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.locator('.form-status').filter({ hasText: '提交成功！' }).waitFor();
      assert.equal(await page.getByLabel('姓名').inputValue(), '');
      const stored = rows<{ job_id: number; name: string; phone: string; email: string }>('SELECT job_id, name, phone, email FROM applications');
      assert.deepEqual(stored, [{ job_id: 2, name: '韩梅梅', phone: '13900001111', email: 'hanmeimei@example.com' }]);
    });
  });

  test('a failed submission keeps the form filled and says so', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/resources/3');
      await waitForContent(page);
      await page.route('**/api/index/recruit/submitData**', (route) => route.abort('connectionreset'));
      await page.getByLabel('姓名').fill('李雷');
      await page.getByLabel('电话').fill('1');
      await page.getByLabel('邮箱').fill('lilei@example.com');
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
      await page.goto('/patient');
      await waitForContent(page);
      await page.getByLabel('Generic name of the medication bought').fill('Compound camphor ointment');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.locator('.form-status').filter({ hasText: 'Please check the marked fields' }).waitFor();
      assert.equal(await page.getByLabel('Generic name of the medication bought').inputValue(), 'Compound camphor ointment');

      await page.getByLabel('Adverse reactions').check();
      await page.getByLabel('Contact number').fill('+86 139 0000 2222');
      await page.getByLabel('Event description').fill('Redness after two days of use');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.locator('.form-status').filter({ hasText: 'Submitted successfully!' }).waitFor();
      const stored = rows<{ category: string; medication: string; phone: string; description: string }>('SELECT category, medication, phone, description FROM patient_messages');
      assert.deepEqual(stored, [{ category: 'adverse', medication: 'Compound camphor ointment', phone: '+86 139 0000 2222', description: 'Redness after two days of use' }]);
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
      await page.keyboard.press('Enter');
      await page.locator('.form-status').filter({ hasText: '提交成功！' }).waitFor();
      assert.deepEqual(rows("SELECT category, medication, phone FROM patient_messages WHERE phone = '13900003333'"), [{ category: 'medical', medication: '炉甘石洗剂', phone: '13900003333' }]);
    });
  });
});
