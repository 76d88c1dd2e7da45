import { Trans, useLingui } from '@lingui/react/macro';
import type { Payment } from '@sangam/contracts';
import { Link } from 'react-router';
import { periodInText } from '@/features/billing/components/format';
import { useLocaleFormat } from '@/lib/i18n/use-locale-format';

/** Every payment with its amount in rupees and a link to its receipt (a list, so it fits a 360 px phone). */
export function PaymentHistory({ payments }: { payments: Payment[] }) {
  const { i18n, t } = useLingui();
  const { rupees, date } = useLocaleFormat();
  return (
    <section aria-labelledby="payments-heading" className="card mt-6">
      <h2 id="payments-heading" className="text-lg font-semibold text-white">
        <Trans>Payment history</Trans>
      </h2>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-300">
          <Trans>No payments yet.</Trans>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-white/5" aria-label={t`Payments`}>
          {payments.map((p) => {
            const paidOn = date(p.paidAt);
            return (
              <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 text-sm">
                <div className="min-w-0">
                  <p className="text-slate-100">
                    <span translate="no">{p.planName}</span> ({periodInText(i18n, p.period)})
                  </p>
                  <p className="text-xs text-slate-400">{paidOn}</p>
                </div>
                <div className="flex items-baseline gap-4">
                  <span className="font-semibold text-white" data-testid="payment-amount">
                    {rupees(p.amount)}
                  </span>
                  <Link to={p.receiptUrl} className="font-semibold text-neon-cyan underline">
                    <Trans>
                      Receipt<span className="sr-only"> of {paidOn}</span>
                    </Trans>
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
