import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { AccountShell } from '@/features/account/components/account-shell';
import { ReceiptView } from '@/features/billing/components/receipt-view';

export function ReceiptRoute() {
  const { paymentId = '' } = useParams();
  return (
    <AccountShell title="Receipt">
      <ReceiptView paymentId={paymentId} />
      <Link to={paths.billing} className="mt-6 inline-block text-neon-cyan underline">
        Back to billing
      </Link>
    </AccountShell>
  );
}
