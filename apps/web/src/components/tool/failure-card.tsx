import { clsx } from 'clsx';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { type AppError, isQuotaError } from '@/lib/app-error';

/** A short heading for the reason, by error code (the server's detail is shown beneath it). */
export function failureHeading(error: AppError): string {
  switch (error.code) {
    case 'QUOTA_EXCEEDED':
      return 'Your plan’s allowance is used up';
    case 'TOO_MANY_ANSWERS':
    case 'RATE_LIMITED':
      return 'Too many answers at once';
    case 'NETWORK':
      return 'No connection';
    case 'MODEL_UNAVAILABLE':
    case 'ALL_MODELS_FAILED':
    case 'SERVICE_UNAVAILABLE':
    case 'SERVER_BUSY':
      return 'The AI models are unavailable';
    default:
      return DEFAULT_HEADING;
  }
}
const DEFAULT_HEADING = 'This answer failed';

/** The reason line: the server's detail, led by the short heading when the card's title is the tool's own. */
const reasonOf = (error: AppError, hasTitle: boolean) => {
  const heading = failureHeading(error);
  return hasTitle && heading !== DEFAULT_HEADING ? `${heading}. ${error.detail}` : error.detail;
};

/**
 * A failed answer as a card: what failed (`title`), why (the server's reason), what to do (the plans
 * for an allowance used up; `action`, such as Ask again). Never a silent gap.
 */
export function FailureCard({
  title,
  error,
  action,
  className,
}: {
  title?: string;
  error: AppError;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="alert"
      data-testid="failure-card"
      data-code={error.code}
      className={clsx('rounded-xl border border-red-400/40 bg-red-500/10 p-4 text-sm', className)}
    >
      <p className="flex items-center gap-2 font-semibold text-red-200">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {title ?? failureHeading(error)}
      </p>
      <p className="mt-1 text-slate-200" data-testid="failure-reason">
        {reasonOf(error, Boolean(title))}
      </p>
      {(isQuotaError(error) || action) && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {isQuotaError(error) && (
            <Link to={paths.pricing} className="font-semibold text-neon-cyan underline">
              See the plans
            </Link>
          )}
          {action}
        </div>
      )}
    </div>
  );
}
