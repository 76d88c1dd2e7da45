import { OPENAI_ERRORS, UNSUPPORTED_FIELDS } from '@sangam/contracts';
import { useState } from 'react';
import { HeadingRow } from '@/components/ui/heading-row';
import { EXTENSION_ROWS, examples, MODEL_ROWS } from '@/features/developers/components/api-examples';

const LANGUAGES = [
  ['curl', 'curl'],
  ['javascript', 'JavaScript'],
  ['python', 'Python'],
] as const;

function Table({ caption, head, rows }: { caption: string; head: readonly string[]; rows: ReadonlyArray<readonly (string | number)[]> }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <HeadingRow headings={head} className="border-b border-white/10 text-slate-300" cellClassName="py-2 pr-4 font-semibold" />
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={String(r[0])} className="border-b border-white/5 align-top text-slate-300">
              {r.map((cell, i) => (
                <td key={`${r[0]}-${i}`} className={i === 0 ? 'py-2 pr-4 font-mono text-neon-cyan' : 'py-2 pr-4'}>
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

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="card mt-8 min-w-0">
      <h2 id={id} className="mb-4 text-xl font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The developer guide: base URL, examples, models, the `sangam` extension, streaming and the error codes. */
export function ApiGuide({ base }: { base: string }) {
  const [language, setLanguage] = useState<(typeof LANGUAGES)[number][0]>('curl');
  const code = examples(base)[language];
  return (
    <>
      <Section id="quick-start" title="Quick start">
        <p className="text-slate-300">
          Base URL <code className="break-all text-neon-cyan">{base}</code>. Any OpenAI client works unchanged: create a key under Profile →
          Developer keys and send it as <code>Authorization: Bearer sk-sgm-…</code>.
        </p>
        <div role="tablist" aria-label="Example language" className="mt-4 flex gap-2">
          {LANGUAGES.map(([id, label]) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={language === id}
              className={language === id ? 'btn-primary px-3 py-1 text-sm' : 'btn-ghost px-3 py-1 text-sm'}
              onClick={() => setLanguage(id)}
            >
              {label}
            </button>
          ))}
        </div>
        <pre
          className="mt-3 max-w-full overflow-x-auto rounded-lg bg-black/50 p-4 text-xs text-slate-200"
          role="tabpanel"
          aria-label={`${language} example`}
        >
          <code>{code}</code>
        </pre>
      </Section>
      <Section id="models" title="Models">
        <Table caption="Models" head={['model', 'What answers']} rows={MODEL_ROWS} />
      </Section>
      <Section id="extension" title="The sangam extension">
        <p className="mb-3 text-slate-300">
          One optional object, <code>sangam</code>, in the request body (SDKs pass it as extra body). Standard fields: messages (text and
          base64 image parts), stream, stream_options, max_tokens, temperature, stop, user. These are refused with a 400 naming the field:{' '}
          {UNSUPPORTED_FIELDS.join(', ')}.
        </p>
        <Table caption="Extension fields" head={['field', 'type', 'meaning']} rows={EXTENSION_ROWS} />
      </Section>
      <Section id="responses" title="Responses, cost and streaming">
        <ul className="list-disc space-y-2 pl-5 text-slate-300">
          <li>
            <code>usage</code> sums every call (panel, judge, aggregator); <code>usage.cost</code> is in rupees, with{' '}
            <code>usage.cost_details.per_call</code>.
          </li>
          <li>
            <code>sangam</code> lists the panel (status ok, failed, timeout or late; latency; usage), the judge and aggregator, failed
            models with a reason code, and the analysis when asked for.
          </li>
          <li>
            Streaming sends the role chunk at once, SSE comments such as <code>: panel 2/3 done</code> while the panel runs, the fused
            answer as chunks, then one chunk with <code>usage</code> and <code>sangam</code> before <code>data: [DONE]</code>. Closing the
            connection stops every model call.
          </li>
          <li>
            <code>GET /v1/key</code> shows this key’s limit and usage in rupees (OpenRouter’s shape); <code>GET /v1/models</code> lists the
            models.
          </li>
        </ul>
      </Section>
      <Section id="errors" title="Errors">
        <p className="mb-3 text-slate-300">
          Every error is <code>{'{ "error": { "message", "type", "code", "param" } }'}</code>. A 429 carries <code>Retry-After</code> and{' '}
          <code>x-ratelimit-*</code> headers.
        </p>
        <Table
          caption="Error codes"
          head={['code', 'status', 'meaning']}
          rows={Object.entries(OPENAI_ERRORS).map(([code, e]) => [code, e.status, e.message])}
        />
      </Section>
    </>
  );
}
