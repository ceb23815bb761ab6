/**
 * The pictures of an HTML text (its `<img>` tags), read and renamed without a DOM: the provider
 * gives an in-text picture its media library's alternative text, the site server its version.
 * A tag is read attribute by attribute, so a `src=` written inside another attribute's value is
 * no source. Tags nothing changes are left byte for byte; the site's sanitiser (src/ui/RichHtml.tsx)
 * still has the last word on what the page shows.
 */

export interface HtmlPicture {
  /** The `src` as written (entities left as they are); '' when the tag has none. */
  src: string;
  /** The `alt` decoded; null when the tag has none. */
  alt: string | null;
}

/** A change to one picture: the attributes to set. */
export type PictureChange = Partial<Record<'src' | 'alt', string>>;

/**
 * An `<img>` tag as HTML reads it: it ends at the first `>` outside a quoted value, and a value is
 * quoted only when a quote opens it (right after `=`): an unquoted value (`alt=it's`) ends at
 * whitespace or `>`, a quote inside it is text. Each value is taken whole (the lookahead's
 * capture, matched again), so a tag that never ends costs one pass.
 */
const IMG_TAG = /<img(?=[\s/>])(?:[^>=]|=(?=(\s*(?:"[^"]*"|'[^']*'|[^\s>]*)))\1)*>/gi;
/** One attribute of a tag: its name and, if given, its value in double, single or no quotes. */
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

interface Attribute {
  name: string;
  value: string | null;
  written: string;
}

function attributesOf(tag: string): Attribute[] {
  const body = tag.slice(4, tag.endsWith('/>') ? -2 : -1);
  return [...body.matchAll(ATTRIBUTE)].map((match) => ({
    name: match[1]!.toLowerCase(),
    value: match[2] ?? match[3] ?? match[4] ?? null,
    written: match[0],
  }));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#34': '"' };
const decoded = (value: string) => value.replace(/&(amp|lt|gt|quot|apos|#39|#34);/g, (_, name: string) => ENTITIES[name]!);
const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function pictureOf(attributes: Attribute[]): HtmlPicture {
  const find = (name: string) => attributes.find((attribute) => attribute.name === name);
  const alt = find('alt');
  return { src: find('src')?.value?.trim() ?? '', alt: alt ? decoded(alt.value ?? '') : null };
}

/** The pictures of `html`, in their order. */
export function picturesOf(html: string): HtmlPicture[] {
  if (!/<img/i.test(html)) return [];
  return [...html.matchAll(IMG_TAG)].map((match) => pictureOf(attributesOf(match[0])));
}

/** `html` with each picture given the attributes `change` names for it (added when the tag lacks them). */
export function renamePictures(html: string, change: (picture: HtmlPicture) => PictureChange): string {
  if (!/<img/i.test(html)) return html;
  return html.replace(IMG_TAG, (tag) => {
    const attributes = attributesOf(tag);
    const wanted = Object.entries(change(pictureOf(attributes))).filter(([, value]) => value !== undefined) as [string, string][];
    if (wanted.length === 0) return tag;
    const written = (name: string, value: string) => `${name}="${escaped(value)}"`;
    const kept = attributes.map((attribute) => {
      const value = wanted.find(([name]) => name === attribute.name)?.[1];
      return value === undefined ? attribute.written : written(attribute.name, value);
    });
    const added = wanted.filter(([name]) => !attributes.some((attribute) => attribute.name === name)).map(([name, value]) => written(name, value));
    return `<img ${[...kept, ...added].join(' ')}>`;
  });
}
