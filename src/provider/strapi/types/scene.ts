/** The "picture with text" component most pages are made of. */
import type { EntryReader } from '../fields';

export const scene = (entry: EntryReader) => ({ title: entry.text('title'), des: entry.text('des'), pic: entry.media('pic') });
export const sceneWithHover = (entry: EntryReader) => ({ ...scene(entry), over_pic: entry.media('over_pic') });
export const titleDes = (entry: EntryReader) => ({ title: entry.text('title'), des: entry.text('des') });
export const captioned = (entry: EntryReader) => ({ pic: entry.media('pic'), title: entry.text('title') });
