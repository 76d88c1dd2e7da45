import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { AccountShell } from '@/features/account/components/account-shell';
import { ReceiptView } from '@/features/billing/components/receipt-view';

export function ReceiptRoute() {
  const { paymentId = '' } = useParams();
  const { t } = useLingui();
  return (
    <AccountShell title={t`Receipt`}>
      <ReceiptView paymentId={paymentId} />
      <Link to={paths.billing} className="mt-6 inline-block text-neon-cyan underline">
        <Trans>Back to billing</Trans>
      </Link>
    </AccountShell>
  );
}
