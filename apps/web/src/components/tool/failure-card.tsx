import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { type AppError, isQuotaError } from '@/lib/app-error';
import { codeMessage, isRegisteredCode } from '@/lib/i18n/error-messages';
import { isEnglish } from '@/lib/i18n/is-english';

const DEFAULT_HEADING = msg`This answer failed`;

/** A short heading for the reason, by error code (the server's detail is shown beneath it). */
function headingOf(error: AppError): MessageDescriptor {
  switch (error.code) {
    case 'QUOTA_EXCEEDED':
      return msg`Your plan’s allowance is used up`;
    case 'TOO_MANY_ANSWERS':
    case 'RATE_LIMITED':
      return msg`Too many answers at once`;
    case 'NETWORK':
      return msg`No connection`;
    case 'MODEL_UNAVAILABLE':
    case 'ALL_MODELS_FAILED':
    case 'SERVICE_UNAVAILABLE':
    case 'SERVER_BUSY':
      return msg`The AI models are unavailable`;
    default:
      return DEFAULT_HEADING;
  }
}

/** The short heading in the interface's language. */
export const failureHeading = (i18n: I18n, error: AppError) => i18n._(headingOf(error));

/**
 * Why it failed, in the language on screen now: in English the server's detail, elsewhere the code's
 * message from the catalog (the error may have been read in another language before a switch); a code
 * the registry does not know keeps the server's words.
 */
function detailOf(i18n: I18n, error: AppError) {
  const sentUnknownCode = error.body.code !== undefined && !isRegisteredCode(error.body.code);
  if (sentUnknownCode || isEnglish(i18n)) return error.detail;
  return codeMessage(error.code, i18n) ?? error.detail;
}

/** The reason line: why it failed, led by the short heading when the card's title is the tool's own. */
function reasonOf(i18n: I18n, error: AppError, hasTitle: boolean) {
  const heading = headingOf(error);
  const detail = detailOf(i18n, error);
  if (!hasTitle || heading === DEFAULT_HEADING) return detail;
  const short = i18n._(heading);
  return i18n._(msg`${short}. ${detail}`);
}

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
  const { i18n } = useLingui();
  return (
    <div
      role="alert"
      data-testid="failure-card"
      data-code={error.code}
      className={clsx('rounded-xl border border-red-400/40 bg-red-500/10 p-4 text-sm break-words', className)}
    >
      <p className="flex items-center gap-2 font-semibold text-red-200">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0">{title ?? failureHeading(i18n, error)}</span>
      </p>
      <p className="mt-1 text-slate-200" data-testid="failure-reason">
        {reasonOf(i18n, error, Boolean(title))}
      </p>
      {(isQuotaError(error) || action) && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {isQuotaError(error) && (
            <Link to={paths.pricing} className="font-semibold text-neon-cyan underline">
              <Trans>See the plans</Trans>
            </Link>
          )}
          {action}
        </div>
      )}
    </div>
  );
}
