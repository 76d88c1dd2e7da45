import { Link } from 'react-router';
import { BrandMark } from '@/components/layout/brand-mark';
import { useFeaturesLink } from '@/components/layout/use-features-link';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';

const linkClass = 'text-sm text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan rounded';

/** Footer: Product, Company, Support and the copyright line. */
export function Footer() {
  const goToFeatures = useFeaturesLink();
  return (
    <footer className="border-t border-white/5 bg-ink">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <BrandMark />
          <p className="max-w-xs text-sm text-slate-400">
            Many AI models, one answer. Made in {BRAND.city} by {BRAND.company}.
          </p>
        </div>
        <FooterGroup title="Product">
          <button type="button" className={`${linkClass} text-left`} onClick={goToFeatures}>
            Features
          </button>
          <FooterLink to={paths.pricing} label="Pricing" />
          <FooterLink to={paths.developers} label="Developers" />
        </FooterGroup>
        <FooterGroup title="Company">
          <FooterLink to={paths.about} label="About" />
        </FooterGroup>
        <FooterGroup title="Support">
          <FooterLink to={paths.privacy} label="Privacy Policy" />
          <FooterLink to={paths.terms} label="Terms of Service" />
          <FooterLink to={paths.deleteAccount} label="Delete" />
        </FooterGroup>
      </div>
      <p className="border-t border-white/5 py-6 text-center text-xs text-slate-400">{BRAND.copyright}. All rights reserved.</p>
    </footer>
  );
}

function FooterLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={linkClass}>
      {label}
    </Link>
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
