import { AccountShell } from '@/features/account/components/account-shell';
import { BillingPage } from '@/features/billing/components/billing-page';

export function BillingRoute() {
  return (
    <AccountShell title="Billing">
      <BillingPage />
    </AccountShell>
  );
}
