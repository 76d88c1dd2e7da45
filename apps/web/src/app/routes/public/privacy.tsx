import { useLingui } from '@lingui/react/macro';
import { LegalPage } from '@/features/legal/legal-page';
import { PRIVACY_EFFECTIVE, PRIVACY_SECTIONS } from '@/features/legal/privacy';

export function PrivacyRoute() {
  const { t } = useLingui();
  return (
    <LegalPage
      title={t`Privacy Policy`}
      effective={PRIVACY_EFFECTIVE}
      intro="This policy explains what Sangam Labs collects when you use Sangam, why, and the choices you have."
      sections={PRIVACY_SECTIONS}
    />
  );
}
