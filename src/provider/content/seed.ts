/** Writes the content pack into the (empty) content tables, one row per item and locale. */
import type Database from 'better-sqlite3';
import type { Bilingual, ContentPack } from '../../contracts/schema/contentPack';
import { LOCALES, type Locale } from '../../contracts/locale';

/** Merges an item's texts in one language with its language-neutral fields. */
function localise<T extends Bilingual<object>>(item: T, locale: Locale) {
  const { zh: _zh, en: _en, ...neutral } = item;
  return { ...neutral, ...item[locale] };
}

/** An item whose title (and picture's alternative text, when given) is `{zh, en}`, in one language. */
const titled = <T extends { title: Bilingual<string>; pic_alt?: Bilingual<string> }>({ pic_alt, ...item }: T, locale: Locale) => ({
  ...item,
  title: item.title[locale],
  ...(pic_alt ? { pic_alt: pic_alt[locale] } : {}),
});

export function seedDatabase(db: Database.Database, pack: ContentPack): void {
  const content = db.prepare('INSERT INTO content (key, locale, json) VALUES (?, ?, ?)');
  const put = (key: string, locale: Locale, value: unknown) => content.run(key, locale, JSON.stringify(value));

  for (const locale of LOCALES) {
    put('main', locale, { ...localise(pack.main, locale), links: pack.main.links.map((link) => titled(link, locale)) });
    put(
      'banner',
      locale,
      pack.banners.map((b) => localise(b, locale)),
    );
    for (const banner of pack.pageBanners) {
      const { type: _type, ...rest } = localise(banner, locale);
      put(`pageBanner:${banner.type}`, locale, rest);
    }
    put(
      'homeProduct',
      locale,
      pack.homeProducts.map((t) => localise(t, locale)),
    );
    put('homeAbout', locale, localise(pack.homeAbout, locale));
    put('report', locale, pack.report[locale]);
    put('aboutUs', locale, localise(pack.aboutUs, locale));
    put(
      'develop',
      locale,
      pack.develop.map((d) => d[locale]),
    );
    put(
      'business',
      locale,
      pack.business.map((b) => localise(b, locale)),
    );
    put('social', locale, { des: pack.social.des[locale], imgList: pack.social.imgList.map((i) => titled(i, locale)) });
    put('contactUs', locale, localise(pack.contact, locale));
    put('patientContent', locale, pack.patientContent[locale]);
    put('privacyNotice', locale, localise(pack.privacyNotice, locale));
    put('sceneOverview', locale, localise(pack.sceneOverview, locale));
    put(
      'sceneTeam',
      locale,
      pack.sceneTeam.map((t) => localise(t, locale)),
    );
    put(
      'sceneCooperation',
      locale,
      pack.sceneCooperation.map((t) => localise(t, locale)),
    );
    put(
      'sceneResearch',
      locale,
      pack.sceneResearch.map((t) => localise(t, locale)),
    );
    put('publicationTop', locale, titled(pack.publicationTop, locale));
    put(
      'publicationList',
      locale,
      pack.publications.map((p) => titled(p, locale)),
    );
    put('memberCulture', locale, { list: pack.memberCulture.list.map((m) => titled(m, locale)), val: pack.memberCulture.val[locale] });
    put(
      'hrPolicies',
      locale,
      pack.hrPolicies.map((h) => h[locale]),
    );
  }
  // The provider's quirk, kept on purpose: one row per channel, domestic in val, overseas in val_en.
  const { domestic, abroad } = pack.productContacts;
  const contactRows = (['phone', 'email'] as const).map((name) => ({ name, val: domestic[name], val_en: abroad[name] }));
  for (const locale of LOCALES) put('productContacts', locale, contactRows);

  const category = db.prepare('INSERT INTO categories (id, locale, position, name) VALUES (?, ?, ?, ?)');
  const product = db.prepare('INSERT INTO products (id, locale, classify_id, name, pics, json) VALUES (?, ?, ?, ?, ?, ?)');
  const news = db.prepare('INSERT INTO news (id, locale, pic, title, des, content, create_time, extras) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const notice = db.prepare('INSERT INTO notices (id, locale, title, content, create_time) VALUES (?, ?, ?, ?, ?)');
  const job = db.prepare('INSERT INTO jobs (id, locale, title, type, num, area, status, create_time, content, extras) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  for (const locale of LOCALES) {
    pack.categories.forEach((c, position) => category.run(c.id, locale, position, c.name[locale]));
    for (const p of pack.products) {
      const name = pack.categories.find((c) => c.id === p.classify_id)?.name[locale] ?? '';
      const detail = { ...localise(p, locale), classify_name: name };
      product.run(p.id, locale, p.classify_id, p[locale].name, p.pics, JSON.stringify(detail));
    }
    for (const n of pack.news) {
      // The optional fields (SEO, the picture's alt) travel as one JSON object.
      const { title, des, content, ...extras } = n[locale];
      news.run(n.id, locale, n.pic, title, des, content, n.create_time, JSON.stringify(extras));
    }
    for (const n of pack.notices) notice.run(n.id, locale, n[locale].title, n[locale].content, n.create_time);
    for (const j of pack.jobs) {
      const { title, type, area, status, content, ...extras } = j[locale];
      job.run(j.id, locale, title, type, j.num, area, status, j.create_time, content, JSON.stringify(extras));
    }
  }
  const member = db.prepare('INSERT INTO members (id, pic) VALUES (?, ?)');
  pack.members.forEach((m, i) => member.run(i + 1, m.pic));
}
