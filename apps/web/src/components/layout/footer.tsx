import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { BrandMark } from '@/components/layout/brand-mark';
import { useFeaturesLink } from '@/components/layout/use-features-link';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';

const linkClass = 'text-sm text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan rounded';

/** Footer: Product, Company, Support and the copyright line. */
export function Footer() {
  const goToFeatures = useFeaturesLink();
  const { t } = useLingui();
  const { city, company, copyright } = BRAND;
  return (
    <footer className="border-t border-white/5 bg-ink">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <BrandMark />
          <p className="max-w-xs text-sm text-slate-400">
            <Trans>
              Many AI models, one answer. Made in {city} by {company}.
            </Trans>
          </p>
        </div>
        <FooterGroup title={t`Product`}>
          <button type="button" className={`${linkClass} text-left`} onClick={goToFeatures}>
            <Trans>Features</Trans>
          </button>
          <Link to={paths.pricing} className={linkClass}>
            <Trans>Pricing</Trans>
          </Link>
          <Link to={paths.developers} className={linkClass}>
            <Trans>Developers</Trans>
          </Link>
        </FooterGroup>
        <FooterGroup title={t`Company`}>
          <Link to={paths.about} className={linkClass}>
            <Trans>About</Trans>
          </Link>
        </FooterGroup>
        <FooterGroup title={t`Support`}>
          <Link to={paths.privacy} className={linkClass}>
            <Trans>Privacy Policy</Trans>
          </Link>
          <Link to={paths.terms} className={linkClass}>
            <Trans>Terms of Service</Trans>
          </Link>
          <Link to={paths.deleteAccount} className={linkClass}>
            <Trans>Delete</Trans>
          </Link>
        </FooterGroup>
      </div>
      <p className="border-t border-white/5 py-6 text-center text-xs text-slate-400">
        <Trans>{copyright}. All rights reserved.</Trans>
      </p>
    </footer>
  );
}

function FooterGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold text-white">{title}</h2>
      <div className="flex flex-col items-start gap-2">{children}</div>
    </div>
  );
}
