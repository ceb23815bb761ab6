import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { localizedPath, pathTo } from '../../contracts/routes';
import { useContent } from '../../features/content/useContent';
import { selectLocale, selectTwinLinks } from '../../features/locale/selectors';
import { localeChangeRequested } from '../../features/locale/slice';
import { selectActivePath, selectActiveRouteId, selectOpenSubMenu } from '../../features/navigation/selectors';
import { subMenuClosed, subMenuOpened } from '../../features/navigation/slice';
import type { AnchoredRouteId } from '../../contracts/anchors';
import { AnchorLink } from './AnchorLink';
import { categoryQuery } from '../../features/product/query';
import { selectVariant } from '../../features/site/selectors';
import { isPlainClick } from '../../ui/plainClick';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useText } from '../useText';
import { usePhoneMenu } from '../usePhoneMenu';
import { activeSection, navItems, type NavItem } from './navItems';

export function Header() {
  const t = useText();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const variant = useAppSelector(selectVariant);
  const path = useAppSelector(selectActivePath);
  const routeId = useAppSelector(selectActiveRouteId);
  const { menuRef, open: menuOpen, onBurgerClick } = usePhoneMenu();
  const openSubMenu = useAppSelector(selectOpenSubMenu);
  const main = useContent('main');
  const categories = useContent('classifyList').data ?? [];
  const active = activeSection(path, routeId);

  const subLinks = (item: NavItem) => {
    if (item.routeId === 'product') {
      return categories.map((category) => ({ key: `c${category.id}`, label: category.name, anchor: 'product', query: categoryQuery(category.id) }));
    }
    const labels = t.anchors[item.routeId as keyof typeof t.anchors] as Record<string, string> | undefined;
    return item.anchors.map((anchor) => ({ key: anchor, label: labels?.[anchor] ?? anchor, anchor, query: undefined }));
  };

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t.nav.skipToContent}
      </a>
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo">
          <img src={main.data?.logo || '/favicon.svg'} alt="" width={40} height={40} fetchPriority="low" />
          <span className="site-header__name" lang={main.data?.company ? main.data.lang : undefined}>
            {main.data?.company || t.nav.companyFallback}
          </span>
        </Link>
        {/* The popover target makes the hamburger work (and tell its expanded state) before the app does. */}
        <button type="button" className="site-header__burger" popoverTarget="main-nav" aria-label={t.nav.menu} onClick={onBurgerClick}>
          <span aria-hidden="true" />
        </button>
        <nav id="main-nav" ref={menuRef} popover="auto" className={`site-nav ${menuOpen ? 'is-open' : ''}`} aria-label={t.nav.mainNav}>
          <ul className="site-nav__list">
            {navItems(locale, variant).map((item) => {
              const links = subLinks(item);
              const open = openSubMenu === item.routeId;
              return (
                <li
                  key={item.routeId}
                  className={`site-nav__item ${active === item.routeId ? 'is-active' : ''} ${open ? 'is-open' : ''}`}
                  onMouseEnter={() => links.length > 0 && dispatch(subMenuOpened(item.routeId))}
                  onMouseLeave={() => open && dispatch(subMenuClosed())}
                  onFocus={() => links.length > 0 && !open && dispatch(subMenuOpened(item.routeId))}
                  onBlur={(event) => {
                    if (!event.currentTarget.contains(event.relatedTarget as Node | null) && open) dispatch(subMenuClosed());
                  }}
                >
                  <Link to={pathTo(item.routeId)} className="site-nav__link" aria-current={active === item.routeId ? 'page' : undefined}>
                    {t.nav[item.routeId]}
                  </Link>
                  {links.length > 0 && (
                    <button
                      type="button"
                      className="site-nav__toggle"
                      aria-expanded={open}
                      aria-controls={`submenu-${item.routeId}`}
                      aria-label={t.nav[item.routeId]}
                      onClick={() => dispatch(open ? subMenuClosed() : subMenuOpened(item.routeId))}
                    >
                      <span aria-hidden="true">▾</span>
                    </button>
                  )}
                  {links.length > 0 && (
                    <ul id={`submenu-${item.routeId}`} className="site-nav__submenu">
                      {links.map((link) => (
                        <li key={link.key}>
                          <AnchorLink routeId={item.routeId as AnchoredRouteId} anchor={link.anchor} query={link.query}>
                            {link.label}
                          </AnchorLink>
                        </li>
                      ))}
                      {item.routeId === 'product' && variant === 'shop' && main.data?.shop_url && (
                        <li>
                          <a href={main.data.shop_url} target="_blank" rel="noopener noreferrer">
                            {t.nav.shop}
                            <span className="visually-hidden">{t.common.opensInNewTab}</span>
                          </a>
                        </li>
                      )}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
        {variant === 'shop' && <ProductSearch />}
        <LanguageMenu />
      </div>
    </header>
  );
}

function ProductSearch() {
  const t = useText();
  const locale = useAppSelector(selectLocale);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(`${pathTo('product')}?keyword=${encodeURIComponent(text.trim())}`);
  };
  return (
    // Without the app the form still searches: a GET of the product list's ?keyword= page.
    <form className="product-search" role="search" action={localizedPath(pathTo('product'), locale)} method="get" onSubmit={submit}>
      <label htmlFor="product-search" className="visually-hidden">
        {t.nav.search}
      </label>
      <input
        id="product-search"
        name="keyword"
        type="search"
        value={text}
        placeholder={t.nav.searchPlaceholder}
        onChange={(event) => setText(event.target.value)}
        maxLength={50}
      />
      <button type="submit" className="button button--small">
        {t.nav.searchButton}
      </button>
    </form>
  );
}

const LANGUAGES = [
  { locale: 'zh', label: '中文' },
  { locale: 'en', label: 'English' },
] as const;

function LanguageMenu() {
  const t = useText();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const twinLinks = useAppSelector(selectTwinLinks);
  const current = LANGUAGES.find((language) => language.locale === locale);
  return (
    <details className="language-menu">
      <summary aria-label={`${t.nav.language}: ${current?.label ?? ''}`}>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="10" />
          <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
        </svg>{' '}
        {current?.label}
      </summary>
      <ul>
        {LANGUAGES.map((language) => (
          <li key={language.locale}>
            {/* A link to the page's twin, so the switch works before the app starts and without it; the app asks the provider's checkLanguage first. */}
            <a
              href={twinLinks[language.locale]}
              hrefLang={language.locale === 'zh' ? 'zh-CN' : 'en'}
              lang={language.locale === 'zh' ? 'zh-CN' : 'en'}
              aria-current={language.locale === locale ? 'true' : undefined}
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                event.currentTarget.closest('details')?.removeAttribute('open');
                if (language.locale !== locale) dispatch(localeChangeRequested(language.locale));
              }}
            >
              {language.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
