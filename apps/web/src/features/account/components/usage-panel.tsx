import { formatIndian } from '@sangam/contracts/plans';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { requestJson } from '@/lib/api-client';
import { AppError } from '@/lib/app-error';

type Usage = { month: string; tokens: number; requests: number; allowance: number; plan: { id: string; name: string } | string };

/** This month's token usage against the plan's allowance (hidden until the usage API answers). */
export function UsagePanel() {
  const query = useQuery({
    queryKey: ['usage'],
    queryFn: () => requestJson<Usage>('/api/v1/usage'),
    retry: (count, err) => !(err instanceof AppError && err.status === 404) && count < 1,
  });
  if (!query.data) return null;
  const { tokens, allowance, month } = query.data;
  const planName = typeof query.data.plan === 'string' ? query.data.plan : query.data.plan.name;
  const share = allowance > 0 ? Math.min(100, Math.round((tokens / allowance) * 100)) : 0;
  return (
    <section aria-labelledby="usage-heading" className="card mt-6">
      <h2 id="usage-heading" className="text-lg font-semibold text-white">
        Usage this month ({month})
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        {formatIndian(tokens)} of {formatIndian(allowance)} tokens on the {planName} plan
      </p>
      <div
        className="mt-3 h-2 rounded-full bg-white/10"
        role="progressbar"
        aria-valuenow={share}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="Tokens used"
      >
        <div className="h-2 rounded-full bg-gradient-to-r from-neon-cyan to-neon-purple" style={{ width: `${share}%` }} />
      </div>
      {share >= 100 && (
        <p className="mt-3 text-sm text-amber-200">
          You have used this month’s allowance.{' '}
          <Link to={paths.pricing} className="font-semibold underline">
            See the plans
          </Link>
        </p>
      )}
    </section>
  );
}
