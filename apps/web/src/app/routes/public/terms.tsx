import { useLingui } from '@lingui/react/macro';
import { LegalPage } from '@/features/legal/legal-page';
import { TERMS_EFFECTIVE, TERMS_SECTIONS } from '@/features/legal/terms';

export function TermsRoute() {
  const { t } = useLingui();
  return (
    <LegalPage
      title={t`Terms & Conditions`}
      effective={TERMS_EFFECTIVE}
      intro="These terms govern your use of Sangam, operated by Sangam Labs, Bengaluru. Please read them carefully."
      sections={TERMS_SECTIONS}
    />
  );
}
