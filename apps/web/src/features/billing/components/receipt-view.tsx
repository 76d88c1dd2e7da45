import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { billingApi, billingKeys } from '@/features/billing/api/billing-api';
import { periodInText } from '@/features/billing/components/format';
import { useLocaleFormat } from '@/lib/i18n/use-locale-format';

/** A printable receipt of one payment. */
export function ReceiptView({ paymentId }: { paymentId: string }) {
  const { i18n, t } = useLingui();
  const { rupees, date } = useLocaleFormat();
  const query = useQuery({ queryKey: billingKeys.receipt(paymentId), queryFn: () => billingApi.receipt(paymentId) });
  if (query.error)
    return (
      <p role="alert" className="text-red-200">
        {query.error.message}
      </p>
    );
  const r = query.data;
  if (!r)
    return (
      <p aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  const rows: Array<[string, string]> = [
    [t`Receipt number`, r.receiptNumber],
    [t`Date`, date(r.paidAt)],
    [t`Billed to`, `${r.customerName} (${r.customerEmail})`],
    [t`Plan`, `${r.planName} (${periodInText(i18n, r.period)})`],
    [t`Amount paid`, `${rupees(r.amount)} ${r.currency}`],
    [t`Razorpay payment id`, r.paymentId],
    ...(r.invoiceId ? ([[t`Razorpay invoice id`, r.invoiceId]] as Array<[string, string]>) : []),
  ];
  return (
    <section className="card" aria-label={t`Receipt`}>
      <dl className="grid gap-3">
        {rows.map(([k, v]) => (
          <div key={k} className="grid gap-1 sm:grid-cols-[12rem_1fr]">
            <dt className={clsx('text-xs text-slate-400 uppercase', i18n.locale === 'en' && 'tracking-wide')}>{k}</dt>
            <dd className="break-all text-slate-100" translate="no">
              {v}
            </dd>
          </div>
        ))}
      </dl>
      <button type="button" className="btn-ghost mt-6" onClick={() => window.print()}>
        <Trans>Print</Trans>
      </button>
    </section>
  );
}
