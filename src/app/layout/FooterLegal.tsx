import type { SiteMain } from '../../api/types';
import { FILING_URL, policeFilingUrl } from '../../contracts/constants';
import { useText } from '../useText';

/** One filing, labelled from the UI strings; a registry link opens in a new tab. */
function Filing({ label, number, href }: { label: string; number: string; href?: string }) {
  const t = useText();
  if (!number) return null;
  if (!href)
    return (
      <span>
        {label}
        {number}
      </span>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {label}
      {number}
      <span className="visually-hidden">{t.common.opensInNewTab}</span>
    </a>
  );
}

/**
 * The compliance lines every Chinese pharmaceutical site carries: copyright, the internet drug
 * information service certificate, the ICP filing and, when there is one, the public-security
 * filing. Numbers come from the provider, labels from the UI strings.
 */
export function FooterLegal({ main }: { main: SiteMain | null }) {
  const t = useText();
  return (
    <div className="site-footer__legal" aria-label={t.footer.legal} role="group">
      {main && (
        <>
          {/* The site settings' text may stand in from another language (their `lang` mark). */}
          <span lang={main.lang}>{main.copyright}</span>
          <Filing label={t.footer.drugCertificate} number={main.drug_certificate} />
          <Filing label={t.footer.icp} number={main.icp} href={FILING_URL.icp} />
          {main.police_filing && <Filing label={t.footer.policeFiling} number={main.police_filing} href={policeFilingUrl(main.police_filing)} />}
        </>
      )}
    </div>
  );
}
