import type { Payment } from '@sangam/contracts';
import { Link } from 'react-router';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { day, periodLabel, rupees } from '@/features/billing/components/format';

/** Every payment with its amount in rupees and a link to its receipt. */
export function PaymentHistory({ payments }: { payments: Payment[] }) {
  return (
    <section aria-labelledby="payments-heading" className="card mt-6">
      <h2 id="payments-heading" className="text-lg font-semibold text-white">
        Payment history
      </h2>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-300">No payments yet.</p>
      ) : (
        <ScrollRegion label="Payment history" className="mt-4">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3">
                  Plan
                </th>
                <th scope="col" className="py-2 pr-3">
                  Amount
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Receipt</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id} className="border-t border-white/5 text-slate-200">
                  <td className="py-2 pr-3 whitespace-nowrap">{day(p.paidAt)}</td>
                  <td className="py-2 pr-3">
                    {p.planName} ({periodLabel(p.period).toLowerCase()})
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap" data-testid="payment-amount">
                    {rupees(p.amount)}
                  </td>
                  <td className="py-2">
                    <Link to={p.receiptUrl} className="font-semibold text-neon-cyan underline">
                      Receipt
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
