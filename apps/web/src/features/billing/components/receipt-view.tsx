import { useQuery } from '@tanstack/react-query';
import { billingApi, billingKeys } from '@/features/billing/api/billing-api';
import { day, periodLabel, rupees } from '@/features/billing/components/format';

/** A printable receipt of one payment. */
export function ReceiptView({ paymentId }: { paymentId: string }) {
  const query = useQuery({ queryKey: billingKeys.receipt(paymentId), queryFn: () => billingApi.receipt(paymentId) });
  if (query.error)
    return (
      <p role="alert" className="text-red-200">
        {query.error.message}
      </p>
    );
  const r = query.data;
  if (!r) return <p aria-busy="true">Loading…</p>;
  const rows: Array<[string, string]> = [
    ['Receipt number', r.receiptNumber],
    ['Date', day(r.paidAt)],
    ['Billed to', `${r.customerName} (${r.customerEmail})`],
    ['Plan', `${r.planName} (${periodLabel(r.period).toLowerCase()})`],
    ['Amount paid', `${rupees(r.amount)} ${r.currency}`],
    ['Razorpay payment id', r.paymentId],
    ...(r.invoiceId ? ([['Razorpay invoice id', r.invoiceId]] as Array<[string, string]>) : []),
  ];
  return (
    <section className="card" aria-label="Receipt">
      <dl className="grid gap-3">
        {rows.map(([k, v]) => (
          <div key={k} className="grid gap-1 sm:grid-cols-[12rem_1fr]">
            <dt className="text-xs tracking-wide text-slate-400 uppercase">{k}</dt>
            <dd className="break-all text-slate-100">{v}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="btn-ghost mt-6" onClick={() => window.print()}>
        Print
      </button>
    </section>
  );
}
