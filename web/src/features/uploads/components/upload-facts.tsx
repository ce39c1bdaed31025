import type { PhotoMeta, Watermark } from '@contract/photos';
import type { RefKind } from '@contract/reference';
import { formatRegistration } from '@contract/registrations';
import { useCallback, useRef, useState, type SubmitEvent } from 'react';
import {
  airframeQuestion,
  asksMilitary,
  CHECKED_WITH,
  FACT_CHECKS,
  FACT_TEXTS as T,
  today,
  type CheckedFact,
} from '../../../components/facts-checks.js';
import {
  EMPTY_FACTS,
  FACT_FIELDS_OF_PATHS,
  metaFactsOf,
  militaryWord,
  type FactsValues,
} from '../../../components/facts-values.js';
import { RegistrationHint } from '../../../components/registration-hint.js';
import { ApiError } from '../../../lib/api.js';
import { useUploadPhoto } from '../api/upload-photo.js';
import type { PickedPhoto } from '../lib/pick-photo.js';
import { CategoriesFields, UploadProgress } from './facts-choices.js';
import { AirframeChoice, EntryBox, Field, LiveryBox } from './facts-inputs.js';
import { RegistrationOffer } from './registration-offer.js';

/** What "继续上传（相同机场和日期）" keeps of the last upload's facts. */
export type KeptFacts = Pick<FactsValues, 'airport' | 'inFlight' | 'takenOn' | 'categories'>;

export interface UploadFactsProps {
  picked: PickedPhoto | null;
  /** The picked file is the member's own photo already: nothing is sent. */
  ownCopy: boolean;
  queue: PhotoMeta['queue'];
  /** The mark's place, when 添加网站水印 is ticked. */
  watermark: Watermark | null;
  noSlot: boolean;
  kept: KeptFacts | null;
  /** Sending was asked for without a photo, or with the member's own copy: the file area says why. */
  onFileNeeded: () => void;
  onFileIssue: (message: string) => void;
  onQueueIssue: (message: string) => void;
  onUploaded: (id: number, kept: KeptFacts) => void;
}

/** The messages shown under fields: their checks', and the server's for any fact. */
type Errors = Partial<Record<keyof FactsValues, string>>;

/** The checks of `names` on `v`: each field's message, or none. */
function checked(v: FactsValues, names: readonly CheckedFact[], askMilitary: boolean): Errors {
  const errors: Errors = {};
  for (const name of names) {
    if (name === 'militaryConfirmed' && !askMilitary) continue;
    const message = (FACT_CHECKS[name] as (value: unknown, facts: FactsValues) => string | null)(v[name], v);
    if (message) errors[name] = message;
  }
  return errors;
}

const ALL_CHECKED = Object.keys(FACT_CHECKS) as CheckedFact[];

interface FormState {
  values: FactsValues;
  errors: Errors;
  seen: ReadonlySet<CheckedFact>;
}

/**
 * The form after a change: the changed fields checked, and those that read them once checked before.
 * A message the server gave on a changed field goes with the change, checked or not.
 */
function changed({ values, errors, seen }: FormState, patch: Partial<FactsValues>): FormState {
  const next = { ...values, ...patch };
  const names = new Set<CheckedFact>();
  const kept = { ...errors };
  for (const key of Object.keys(patch) as (keyof FactsValues)[]) {
    delete kept[key];
    if (key in FACT_CHECKS) names.add(key as CheckedFact);
    for (const dependent of CHECKED_WITH[key] ?? []) if (seen.has(dependent)) names.add(dependent);
  }
  for (const name of names) delete kept[name];
  const military = asksMilitary(next.categories, []);
  const nowSeen = new Set([...seen, ...names]);
  // The military word is asked afresh each time a category asks for it, as the box appears unticked.
  if (!military) nowSeen.delete('militaryConfirmed');
  return { values: next, errors: { ...kept, ...checked(next, [...names], military) }, seen: nowSeen };
}

/**
 * The upload's facts and 上传, drawn with our own elements and part of the page's first load (issue 34,
 * item 24: the fields waited for Ant Design's chunks and first render). Each field is checked as it
 * changes, with the contract's messages, and all of them on 上传; the server's refusals go under their
 * fields, or to the file and queue above.
 */
export function UploadFacts(p: UploadFactsProps) {
  const takenOn = p.picked?.exif.takenOn;
  // The values, the messages under the fields, and the fields checked once (changed, or 上传 pressed): a
  // change to what those read checks them again. One state, so that changes follow the latest.
  const [state, setState] = useState<FormState>(() => ({
    values: { ...EMPTY_FACTS, categories: ['airliner'], ...p.kept, ...(takenOn ? { takenOn } : {}) },
    errors: {},
    seen: new Set(),
  }));
  const { values, errors } = state;
  const change = useCallback((patch: Partial<FactsValues>) => setState((s) => changed(s, patch)), []);
  const chooseAirframe = useCallback((airframeId: number | null) => change({ airframeId }), [change]);
  // A photo picked gives its date taken (React's way to follow a prop: set while rendering).
  const [dateOf, setDateOf] = useState(takenOn);
  if (takenOn !== dateOf) {
    setDateOf(takenOn);
    if (takenOn) change({ takenOn });
  }
  const upload = useUploadPhoto();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const registrationBox = useRef<HTMLInputElement>(null);
  const military = asksMilitary(values.categories, []);

  const showServerIssues = (e: unknown) => {
    if (!(e instanceof ApiError)) return;
    const fields: Errors = {};
    for (const issue of e.issues) {
      const path = issue.path[0] === undefined ? null : String(issue.path[0]);
      if (path === 'file') p.onFileIssue(issue.message);
      else if (path === 'queue') p.onQueueIssue(issue.message);
      else if (path !== null) fields[(FACT_FIELDS_OF_PATHS[path] ?? path) as keyof FactsValues] = issue.message;
    }
    setState((s) => ({ ...s, errors: { ...s.errors, ...fields } }));
  };

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (progress !== null) return;
    const found = checked(values, ALL_CHECKED, military);
    setState((s) => ({ ...s, errors: found, seen: new Set(ALL_CHECKED) }));
    if (!p.picked || p.ownCopy) {
      p.onFileNeeded();
      return;
    }
    if (Object.keys(found).length > 0) {
      // After the paint that shows the messages: the first one comes into view.
      requestAnimationFrame(() =>
        form.current?.querySelector('.has-error')?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
      );
      return;
    }
    const meta: PhotoMeta = {
      ...metaFactsOf(values),
      queue: p.queue,
      watermark: p.watermark,
      ...militaryWord(values.categories, values),
    };
    setProgress(0);
    try {
      const { photo } = await upload.mutateAsync({ file: p.picked.file, meta, onProgress: setProgress });
      const { airport, inFlight, takenOn: day, categories } = values;
      p.onUploaded(photo.id, { airport, inFlight, takenOn: day, categories });
    } catch (error) {
      setProgress(null);
      showServerIssues(error);
    }
  };

  const described = (name: CheckedFact) => (errors[name] ? `${name}-error` : undefined);
  const text = (name: 'msn' | 'modeS' | 'remark' | 'messageToScreener') => ({
    id: name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': described(name),
    onChange: (e: { target: { value: string } }) => change({ [name]: e.target.value }),
  });
  const entry = (kind: RefKind, name: 'aircraftType' | 'airline' | 'airport', disabled = false) => (
    <Field id={name} label={T[name].label} error={errors[name]}>
      <EntryBox
        kind={kind}
        id={name}
        value={values[name]}
        error={errors[name]}
        disabled={disabled}
        onChange={(v) => change({ [name]: v })}
      />
    </Field>
  );
  return (
    <form ref={form} className="upload-facts" noValidate onSubmit={(e) => void submit(e)} data-testid="upload-facts">
      <Field
        id="registration"
        label={T.registration.label}
        error={errors.registration}
        extra={
          !values.noRegistration && (
            <RegistrationHint
              typed={values.registration}
              onLikely={(likely) => {
                change({ registration: likely });
                // The button goes with the hint: the field takes the focus back, not the page.
                registrationBox.current?.focus();
              }}
            />
          )
        }
      >
        <input
          ref={registrationBox}
          id="registration"
          className="input"
          value={values.registration}
          disabled={values.noRegistration}
          placeholder={T.registration.placeholder}
          aria-invalid={errors.registration ? true : undefined}
          aria-describedby={described('registration')}
          onChange={(e) => change({ registration: e.target.value.toUpperCase() })}
          // Leaving the field writes the registration as its country does: b30ee → B-30EE.
          onBlur={(e) => {
            // A click on 改为 leaves the spelling to it (it gives the field the focus back).
            if (e.relatedTarget instanceof HTMLElement && e.relatedTarget.dataset.testid === 'registration-likely') return;
            const written = formatRegistration(e.target.value.trim());
            if (written && written !== e.target.value) change({ registration: written });
          }}
        />
      </Field>
      <label className="choice form-row form-row-tight">
        <input type="checkbox" checked={values.noRegistration} onChange={(e) => change({ noRegistration: e.target.checked })} />
        {T.noRegistration.label}
      </label>
      <RegistrationOffer typed={values.registration} none={values.noRegistration} onFill={change} />
      <Field id="msn" label={T.msn.label} error={errors.msn}>
        <input className="input" {...text('msn')} />
      </Field>
      <Field id="modeS" label={T.modeS.label} error={errors.modeS} extra={T.modeS.extra}>
        <input className="input" maxLength={8} autoComplete="off" {...text('modeS')} />
      </Field>
      {entry('aircraft-types', 'aircraftType')}
      {entry('airlines', 'airline')}
      {entry('airports', 'airport', values.inFlight)}
      <AirframeChoice
        question={airframeQuestion(values)}
        value={values.airframeId}
        error={errors.airframeId}
        onChange={chooseAirframe}
      />
      <Field id="livery" label={T.livery.label} error={errors.livery}>
        <LiveryBox id="livery" value={values.livery} onChange={(v) => change({ livery: v })} />
      </Field>
      <label className="choice form-row form-row-tight">
        <input type="checkbox" checked={values.inFlight} onChange={(e) => change({ inFlight: e.target.checked })} />
        {T.inFlight.label}
      </label>
      <Field
        id="takenOn"
        label={T.takenOn.label}
        error={errors.takenOn}
        extra={takenOn ? '已从 EXIF 读取（相机本地日期）' : undefined}
      >
        <input
          id="takenOn"
          className="input"
          type="date"
          max={today()}
          value={values.takenOn}
          aria-invalid={errors.takenOn ? true : undefined}
          aria-describedby={described('takenOn')}
          onChange={(e) => change({ takenOn: e.target.value })}
          data-testid="taken-on"
        />
      </Field>
      <CategoriesFields
        categories={values.categories}
        military={military}
        confirmed={values.militaryConfirmed === true}
        errors={errors}
        onChange={change}
      />
      {(['remark', 'messageToScreener'] as const).map((name) => (
        <Field key={name} id={name} label={T[name].label} error={errors[name]}>
          <div className="textarea-with-count">
            <textarea className="input textarea" rows={2} maxLength={T[name].max} {...text(name)} />
            <span className="textarea-count" aria-hidden="true">{`${values[name].length} / ${T[name].max}`}</span>
          </div>
        </Field>
      ))}
      {progress !== null && <UploadProgress progress={progress} />}
      <button
        type="submit"
        className="btn btn-primary btn-block btn-large"
        disabled={p.noSlot || progress !== null}
        title={p.noSlot ? '队列已满' : undefined}
      >
        上传
      </button>
    </form>
  );
}
