/** The "picture with text" component most pages are made of. */
import type { EntryReader } from '../fields';
import { present } from './seo';

/** The payloads' `lang` mark: present only when the text stands in for the page's missing language. */
export const shownIn = (entry: EntryReader) => (entry.shownIn ? { lang: entry.shownIn } : {});

export const scene = (entry: EntryReader) => ({
  title: entry.text('title'),
  des: entry.text('des'),
  pic: entry.media('pic'),
  ...present('pic_alt', entry.mediaAlt('pic')),
  ...shownIn(entry),
});
export const sceneWithHover = (entry: EntryReader) => ({ ...scene(entry), over_pic: entry.media('over_pic') });
export const titleDes = (entry: EntryReader) => ({ title: entry.text('title'), des: entry.text('des'), ...shownIn(entry) });
export const captioned = (entry: EntryReader) => ({ pic: entry.media('pic'), title: entry.text('title'), ...present('pic_alt', entry.mediaAlt('pic')) });
