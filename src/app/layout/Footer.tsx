import { Link } from 'react-router-dom';
import { pathTo } from '../../contracts/routes';
import { useContent } from '../../features/content/useContent';
import { selectLocale } from '../../features/locale/selectors';
import type { AnchoredRouteId } from '../../contracts/anchors';
import { AnchorLink } from './AnchorLink';
import { selectVariant } from '../../features/site/selectors';
import { useAppSelector } from '../hooks';
import { useText } from '../useText';
import { FooterLegal } from './FooterLegal';
import { navItems } from './navItems';

/** A column per section with its anchors (it emits the same anchor events as the top bar). */
export function Footer() {
  const t = useText();
  const locale = useAppSelector(selectLocale);
  const variant = useAppSelector(selectVariant);
  const main = useContent('main').data;
  const columns = navItems(locale, variant).filter((item) => item.anchors.length > 0 && item.routeId !== 'index');

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav className="site-footer__columns" aria-label={t.footer.footerNav}>
          {columns.map((item) => {
            const labels = t.anchors[item.routeId as keyof typeof t.anchors] as Record<string, string>;
            return (
              <div key={item.routeId} className="site-footer__column">
                <h2 className="site-footer__heading">
                  <Link to={pathTo(item.routeId)}>{t.nav[item.routeId]}</Link>
                </h2>
                <ul>
                  {item.anchors.map((anchor) => (
                    <li key={anchor}>
                      <AnchorLink routeId={item.routeId as AnchoredRouteId} anchor={anchor}>
                        {labels[anchor]}
                      </AnchorLink>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
          <div className="site-footer__column">
            <h2 className="site-footer__heading">
              <Link to={pathTo('patient')}>{t.patient.title}</Link>
            </h2>
            <ul>
              <li>
                <Link to={pathTo('report')}>{t.nav.report}</Link>
              </li>
              <li>
                <Link to={pathTo('privacy')}>{t.privacy.title}</Link>
              </li>
            </ul>
          </div>
          {locale === 'zh' && main && main.links.length > 0 && (
            <div className="site-footer__column">
              <h2 className="site-footer__heading">{t.footer.links}</h2>
              <ul>
                {main.links.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer">
                      {link.title}
                      <span className="visually-hidden">{t.common.opensInNewTab}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </nav>
        {main?.qrcode && (
          <figure className="site-footer__qr">
            <img src={main.qrcode} alt={t.footer.qrcode} width={112} height={112} loading="lazy" />
            <figcaption>微信公众号</figcaption>
          </figure>
        )}
      </div>
      <FooterLegal main={main} />
    </footer>
  );
}
