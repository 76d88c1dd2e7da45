import type { Payment } from '@sangam/contracts';
import { Link } from 'react-router';
import { day, periodLabel, rupees } from '@/features/billing/components/format';

/** Every payment with its amount in rupees and a link to its receipt (a list, so it fits a 360 px phone). */
export function PaymentHistory({ payments }: { payments: Payment[] }) {
  return (
    <section aria-labelledby="payments-heading" className="card mt-6">
      <h2 id="payments-heading" className="text-lg font-semibold text-white">
        Payment history
      </h2>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-300">No payments yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-white/5" aria-label="Payments">
          {payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 text-sm">
              <div>
                <p className="text-slate-100">
                  {p.planName} ({periodLabel(p.period).toLowerCase()})
                </p>
                <p className="text-xs text-slate-400">{day(p.paidAt)}</p>
              </div>
              <div className="flex items-baseline gap-4">
                <span className="font-semibold text-white" data-testid="payment-amount">
                  {rupees(p.amount)}
                </span>
                <Link to={p.receiptUrl} className="font-semibold text-neon-cyan underline">
                  Receipt<span className="sr-only"> of {day(p.paidAt)}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
