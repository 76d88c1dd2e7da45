import { Trans, useLingui } from '@lingui/react/macro';
import { OPENAI_ERRORS, UNSUPPORTED_FIELDS } from '@sangam/contracts';
import { type ReactNode, useState } from 'react';
import { HeadingRow } from '@/components/ui/heading-row';
import { examples } from '@/features/developers/components/api-examples';
import { useExtensionRows, useModelRows } from '@/features/developers/components/api-rows';

const LANGUAGES = [
  ['curl', 'curl'],
  ['javascript', 'JavaScript'],
  ['python', 'Python'],
] as const;

function Table({ caption, head, rows }: { caption: string; head: readonly string[]; rows: ReadonlyArray<readonly ReactNode[]> }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <HeadingRow headings={head} className="border-b border-white/10 text-slate-300" cellClassName="py-2 pr-4 font-semibold" />
        </thead>
        <tbody>
          {rows.map((r, row) => (
            <tr key={row} className="border-b border-white/5 align-top text-slate-300">
              {r.map((cell, i) => (
                <td key={i} className={i === 0 ? 'py-2 pr-4 font-mono text-neon-cyan' : 'py-2 pr-4'}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card mt-8 min-w-0 break-words">
      <h2 id={id} className="mb-4 text-xl font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The developer guide: base URL, examples, models, the `sangam` extension, streaming and the error codes (code stays as it is). */
export function ApiGuide({ base }: { base: string }) {
  const { t } = useLingui();
  const [language, setLanguage] = useState<(typeof LANGUAGES)[number][0]>('curl');
  const code = examples(base)[language];
  const modelRows = useModelRows();
  const extensionRows = useExtensionRows();
  const unsupported = UNSUPPORTED_FIELDS.join(', ');
  const errorShape = '{ "error": { "message", "type", "code", "param" } }';
  return (
    <>
      <Section id="quick-start" title={t`Quick start`}>
        <p className="text-slate-300">
          <Trans>
            Base URL <code className="break-all text-neon-cyan">{base}</code>. Any OpenAI client works unchanged: create a key under Profile
            → Developer keys and send it as <code>Authorization: Bearer sk-sgm-…</code>.
          </Trans>
        </p>
        <div role="tablist" aria-label={t`Example language`} className="mt-4 flex gap-2">
          {LANGUAGES.map(([id, label]) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={language === id}
              className={language === id ? 'btn-primary px-3 py-1 text-sm' : 'btn-ghost px-3 py-1 text-sm'}
              onClick={() => setLanguage(id)}
              translate="no"
            >
              {label}
            </button>
          ))}
        </div>
        <pre
          className="mt-3 max-w-full overflow-x-auto rounded-lg bg-black/50 p-4 text-xs text-slate-200"
          role="tabpanel"
          aria-label={t`${language} example`}
        >
          <code>{code}</code>
        </pre>
      </Section>
      <Section id="models" title={t`Models`}>
        <Table caption={t`Models`} head={[t`model`, t`What answers`]} rows={modelRows} />
      </Section>
      <Section id="extension" title={t`The sangam extension`}>
        <p className="mb-3 text-slate-300">
          <Trans>
            One optional object, <code>sangam</code>, in the request body (SDKs pass it as extra body). Standard fields:{' '}
            <code>messages</code> (text and base64 image parts), <code>stream</code>, <code>stream_options</code>, <code>max_tokens</code>,{' '}
            <code>temperature</code>, <code>stop</code>, <code>user</code>. These are refused with a 400 naming the field:{' '}
            <code>{unsupported}</code>.
          </Trans>
        </p>
        <Table caption={t`Extension fields`} head={[t`field`, t`type`, t`meaning`]} rows={extensionRows} />
      </Section>
      <Section id="responses" title={t`Responses, cost and streaming`}>
        <ul className="list-disc space-y-2 pl-5 text-slate-300">
          <li>
            <Trans>
              <code>usage</code> sums every call (panel, judge, aggregator); <code>usage.cost</code> is in rupees, with{' '}
              <code>usage.cost_details.per_call</code>.
            </Trans>
          </li>
          <li>
            <Trans>
              <code>sangam</code> lists the panel (status ok, failed, timeout or late; latency; usage), the judge and aggregator, failed
              models with a reason code, and the analysis when asked for.
            </Trans>
          </li>
          <li>
            <Trans>
              Streaming sends the role chunk at once, SSE comments such as <code>: panel 2/3 done</code> while the panel runs, the fused
              answer as chunks, then one chunk with <code>usage</code> and <code>sangam</code> before <code>data: [DONE]</code>. Closing the
              connection stops every model call.
            </Trans>
          </li>
          <li>
            <Trans>
              <code>GET /v1/key</code> shows this key’s limit and usage in rupees (OpenRouter’s shape); <code>GET /v1/models</code> lists
              the models.
            </Trans>
          </li>
        </ul>
      </Section>
      <Section id="errors" title={t`Errors`}>
        <p className="mb-3 text-slate-300">
          <Trans>
            Every error is <code>{errorShape}</code>. A 429 carries <code>Retry-After</code> and <code>x-ratelimit-*</code> headers.
          </Trans>
        </p>
        {/* The meanings are the API's own `message` texts, which it sends in English: shown as sent. */}
        <Table
          caption={t`Error codes`}
          head={[t`code`, t`status`, t`meaning`]}
          rows={Object.entries(OPENAI_ERRORS).map(([code, e]) => [
            <code key={code}>{code}</code>,
            e.status,
            <span key={code} lang="en">
              {e.message}
            </span>,
          ])}
        />
      </Section>
    </>
  );
}
