import { useLingui } from '@lingui/react/macro';
import { AccountShell } from '@/features/account/components/account-shell';
import { BillingPage } from '@/features/billing/components/billing-page';

export function BillingRoute() {
  const { t } = useLingui();
  return (
    <AccountShell title={t`Billing`}>
      <BillingPage />
    </AccountShell>
  );
}
