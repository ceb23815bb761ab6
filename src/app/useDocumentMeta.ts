import { createContext, useContext, useEffect } from 'react';
import { SITE_META } from '../contracts/siteMeta';
import { selectLocale } from '../features/locale/selectors';
import { useAppSelector } from './hooks';
import { seoDescription, seoTitle, type SeoFields } from './head/seo';

export interface DocumentMeta {
  title: string;
  description: string;
  keywords?: string;
}

/**
 * On the server the page's meta is collected while the tree renders and written into <head>
 * by the document, never inside #root. In the browser there is no collector: an effect updates
 * the live document after each navigation.
 */
export const DocumentMetaCollector = createContext<((meta: DocumentMeta) => void) | null>(null);

function setMeta(name: string, content: string | undefined) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === undefined) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * Title, description and keywords of the page, in the visitor's language; <html lang> too. `seo`:
 * a detail's SEO fields, which stand before its own title and description when an editor set them
 * (head/seo.ts).
 */
export function useDocumentMeta({ title, description, keywords, seo }: { title: string; description?: string; keywords?: string; seo?: SeoFields | null }) {
  const locale = useAppSelector(selectLocale);
  const site = SITE_META[locale];
  const fullTitle = seoTitle(seo, title, site.title);
  const fullDescription = seoDescription(seo, description, site.description);
  useContext(DocumentMetaCollector)?.({ title: fullTitle, description: fullDescription, keywords: keywords || undefined });
  useEffect(() => {
    document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
    document.title = fullTitle;
    setMeta('description', fullDescription);
    setMeta('keywords', keywords || undefined);
  }, [locale, fullTitle, fullDescription, keywords]);
}
