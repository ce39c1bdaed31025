import { REF_KIND_NAMES, type RefKind } from '@contract/reference';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Combobox } from '../../../components/combobox.js';
import { AIRFRAME_HELP, airframeLabel, FACT_TEXTS } from '../../../components/facts-checks.js';
import { optionOf, useEntrySearch, type RefOption } from '../../../components/ref-option.js';
import { useLiveryOptions, useResolveAirframe } from '../../../lib/airframe-lookups.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';

// The upload's facts drawn with our own elements (issue 34, item 24): a field with its label, help and
// message, the reference entries' search boxes, and the choice of airframe. Ant Design's dialog for
// 建议新增 loads only when it is asked for.

const SuggestDialog = lazy(async () => {
  const [{ withAntd }, { SuggestReferenceDialog }] = await Promise.all([
    import('../../../components/antd-provider.js'),
    import('../../../components/suggest-reference-dialog.js'),
  ]);
  return { default: withAntd(SuggestReferenceDialog) };
});

/** A labelled field, its help under it and the message of its check, read out when it appears. */
export function Field({
  id,
  label,
  extra,
  error,
  children,
  testId,
}: {
  id: string;
  label: string;
  extra?: ReactNode;
  error: string | null | undefined;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`form-row${error ? ' has-error' : ''}`} data-testid={testId}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {extra && <div className="form-extra">{extra}</div>}
      <FieldMessage id={id} text={error} />
    </div>
  );
}

/** A field's message from its check, read out when it appears (`{id}-error`, which the field names). */
export function FieldMessage({ id, text }: { id: string; text: string | null | undefined }) {
  return text ? (
    <div className="form-error" id={`${id}-error`} role="alert">
      {text}
    </div>
  ) : null;
}

interface EntryProps {
  id: string;
  value: RefOption | null;
  onChange: (value: RefOption | null) => void;
  disabled?: boolean;
  error?: string | null;
}

/** A reference entry (type, airline, airport) searched by code or name from 1 character, with 建议新增 when none matches. */
export function EntryBox({ kind, ...p }: EntryProps & { kind: RefKind }) {
  const { typed, setTyped, query, searching, options, suggesting, setSuggesting } = useEntrySearch(kind);
  return (
    <>
      <Combobox
        {...p}
        invalid={!!p.error}
        describedBy={p.error ? `${p.id}-error` : undefined}
        typed={typed}
        onTyped={setTyped}
        options={query ? options : []}
        loading={searching}
        placeholder={`输入代码或名称搜索${REF_KIND_NAMES[kind]}`}
        empty={
          query && !searching ? (
            <>
              没有找到“{typed}”。
              <button type="button" className="link" onClick={() => setSuggesting(typed)}>
                建议新增{REF_KIND_NAMES[kind]}
              </button>
            </>
          ) : query ? (
            '搜索中…'
          ) : (
            '输入至少 1 个字符搜索'
          )
        }
        testId={`select-${kind}`}
      />
      {suggesting !== null && (
        <Suspense fallback={null}>
          <SuggestDialog
            kind={kind}
            typed={suggesting}
            label={(item) => optionOf(kind, item).label}
            onPicked={(item) => {
              p.onChange(optionOf(kind, item));
              setSuggesting(null);
            }}
            onClose={() => setSuggesting(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/** The named paint scheme the aircraft wears (none: the operator's standard one). */
export function LiveryBox(p: EntryProps) {
  const [typed, setTyped] = useState('');
  const { options, isFetching } = useLiveryOptions(typed);
  return (
    <Combobox
      {...p}
      typed={typed}
      onTyped={setTyped}
      // Nothing typed lists nothing: the standard livery is no entry to pick.
      options={typed.trim() ? options : []}
      loading={isFetching}
      placeholder={FACT_TEXTS.livery.placeholder}
      empty={!typed.trim() ? FACT_TEXTS.livery.prompt : isFetching ? '搜索中…' : FACT_TEXTS.livery.none}
      testId="select-livery"
    />
  );
}

/**
 * Which aircraft the photo shows (issue 22): the server's answer for the registration, type, MSN and
 * date as they are typed (`question`). One that fits is named; when several carried the registration
 * the member picks one (or leaves it to the screener); none yet means a new airframe once accepted.
 */
export function AirframeChoice({
  question,
  value,
  error,
  onChange,
}: {
  question: string;
  value: number | null;
  /** The server's refusal of the chosen aircraft. */
  error?: string | null;
  onChange: (id: number | null) => void;
}) {
  const settled = useDebouncedValue(question, 300);
  const params = settled ? Object.fromEntries(new URLSearchParams(settled)) : null;
  const { data } = useResolveAirframe(params);
  // A choice the facts no longer fit (another registration, 无注册号) is dropped.
  const stale = value !== null && (!question || (!!data && !data.candidates.some((c) => c.id === value)));
  useEffect(() => {
    if (stale) onChange(null);
  }, [stale, onChange]);
  if (!question || !params || !data) return null;
  const candidates = data.candidates;
  const radio = (id: number | null, label: ReactNode, testId?: string) => (
    <label className="choice" key={id ?? 'auto'}>
      <input type="radio" name="airframeId" checked={value === id} onChange={() => onChange(id)} />
      <span data-testid={testId}>{label}</span>
    </label>
  );
  return (
    <div
      className={`form-row${error ? ' has-error' : ''}`}
      role="radiogroup"
      aria-labelledby="airframe-label"
      aria-describedby={error ? 'airframeId-error' : undefined}
      data-testid="airframe-field"
    >
      <div className="form-label" id="airframe-label">
        {FACT_TEXTS.airframeId.label}
      </div>
      <div className="choice-column">
        {radio(null, data.outcome === 'ambiguous' ? FACT_TEXTS.airframeId.unsure : FACT_TEXTS.airframeId.auto, 'airframe-auto')}
        {candidates.map((a) => (
          <span key={a.id} className="choice-with-link">
            {radio(a.id, airframeLabel(a), 'airframe-choice')}{' '}
            <a href={`/airframe/${a.id}`} target="_blank" rel="noreferrer">
              查看
            </a>
          </span>
        ))}
      </div>
      <div className="form-extra">{AIRFRAME_HELP[data.outcome]}</div>
      <FieldMessage id="airframeId" text={error} />
    </div>
  );
}
