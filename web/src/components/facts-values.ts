import {
  NO_REGISTRATION,
  photoEdit,
  type PhotoEdit,
  type PhotoEditBody,
  type PhotoMeta,
  type PhotoResponse,
} from '@contract/photos';
import type { RefOption } from './ref-option.js';

/** A fact of a photo, by its contract name; each form that edits facts lists the ones it shows. */
export type Fact = keyof PhotoEdit;

/** Every fact: the upload sends them and the owner edits them all (the contract's photoEdit). */
export const ALL_FACTS = Object.keys(photoEdit.shape) as Fact[];

/** A photo's facts as the form holds them: reference entries as selector options, 无注册号 as a box. */
export interface FactsValues {
  registration: string;
  noRegistration: boolean;
  msn: string;
  /** The aircraft's Mode S address (six hex digits), as typed. */
  modeS: string;
  aircraftType: RefOption | null;
  airline: RefOption | null;
  airport: RefOption | null;
  /** The aircraft, when the member or a screener picked one of several that carried the registration. */
  airframeId: number | null;
  livery: RefOption | null;
  inFlight: boolean;
  takenOn: string;
  categories: string[];
  remark: string;
  messageToScreener: string;
  /** Asked when the categories sent hold 军用航空器 (`FactsFields` `askMilitary`). */
  militaryConfirmed?: boolean;
}

/** The form's field of each fact that has a field of another name; the rest keep the contract's name. */
export const FIELD_OF_FACT = {
  aircraftTypeId: 'aircraftType',
  airlineId: 'airline',
  airportId: 'airport',
  liveryId: 'livery',
} as const;

/** The contract's field paths → the form's fields, for the server's field errors (`showFieldErrors`). */
export const FACT_FIELDS_OF_PATHS: Record<string, string> = FIELD_OF_FACT;

export const EMPTY_FACTS: FactsValues = {
  registration: '',
  noRegistration: false,
  msn: '',
  modeS: '',
  aircraftType: null,
  airline: null,
  airport: null,
  airframeId: null,
  livery: null,
  inFlight: false,
  takenOn: '',
  categories: [],
  remark: '',
  messageToScreener: '',
};

const optionOf = (ref: PhotoResponse['airport']): RefOption | null => (ref ? { value: ref.id, label: ref.label } : null);

/** The form's values for a photo as it is now. */
export function factsValuesOf(photo: PhotoResponse): FactsValues {
  const none = photo.registration === NO_REGISTRATION;
  return {
    registration: none ? '' : photo.registration,
    noRegistration: none,
    msn: photo.msn ?? '',
    modeS: photo.modeS ? photo.modeS.toUpperCase() : '',
    aircraftType: optionOf(photo.aircraftType),
    airline: optionOf(photo.airline),
    airport: optionOf(photo.airport),
    airframeId: photo.airframeId,
    livery: photo.livery ? { value: photo.livery.id, label: photo.livery.name } : null,
    inFlight: photo.inFlight,
    takenOn: photo.takenOn,
    categories: photo.categories,
    remark: photo.remark ?? '',
    messageToScreener: photo.messageToScreener ?? '',
  };
}

/** Every fact as the contract spells it: trimmed, the registration in capitals, no airport when taken in flight. */
interface Facts extends Record<Fact, unknown> {
  registration: string;
  msn: string;
  modeS: string;
  aircraftTypeId: number | undefined;
  airlineId: number | null;
  airportId: number | null;
  airframeId: number | null;
  liveryId: number | null;
  inFlight: boolean;
  takenOn: string;
  categories: string[];
  remark: string;
  messageToScreener: string;
}

function factsOf(v: FactsValues): Facts {
  return {
    registration: v.noRegistration ? NO_REGISTRATION : v.registration.trim().toUpperCase(),
    msn: v.msn.trim(),
    // Compared as stored: lower case (the contract reads any spelling).
    modeS: v.modeS.trim().toLowerCase(),
    aircraftTypeId: v.aircraftType?.value,
    airlineId: v.airline?.value ?? null,
    airportId: v.inFlight ? null : (v.airport?.value ?? null),
    airframeId: v.airframeId,
    liveryId: v.livery?.value ?? null,
    inFlight: v.inFlight,
    takenOn: v.takenOn,
    categories: v.categories,
    remark: v.remark.trim(),
    messageToScreener: v.messageToScreener.trim(),
  };
}

/** The upload's facts (§3.6): optional ones left out when empty. */
export function metaFactsOf(v: FactsValues): Omit<PhotoMeta, 'queue' | 'watermark'> {
  const f = factsOf(v);
  return {
    registration: f.registration,
    ...(f.msn ? { msn: f.msn } : {}),
    ...(f.modeS ? { modeS: f.modeS } : {}),
    // The form refuses an upload without a type; 0 would be refused by the contract all the same.
    aircraftTypeId: f.aircraftTypeId ?? 0,
    ...(f.airlineId ? { airlineId: f.airlineId } : {}),
    ...(f.airportId ? { airportId: f.airportId } : {}),
    ...(f.airframeId ? { airframeId: f.airframeId } : {}),
    ...(f.liveryId ? { liveryId: f.liveryId } : {}),
    inFlight: v.inFlight,
    takenOn: v.takenOn,
    categories: v.categories,
    ...(f.remark ? { remark: f.remark } : {}),
    ...(f.messageToScreener ? { messageToScreener: f.messageToScreener } : {}),
  };
}

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? [...a].sort().join() === [...b].sort().join() : a === b;

function put<K extends Fact>(patch: PhotoEdit, fact: K, value: Facts[K]): void {
  patch[fact] = value;
}

/**
 * The facts among `facts` whose value differs from the photo's: what an edit sends, so the server
 * (and the screening history) sees only what the person changed.
 */
export function changedFacts(photo: PhotoResponse, values: Partial<FactsValues>, facts: readonly Fact[]): PhotoEdit {
  const initial = factsValuesOf(photo);
  const before = factsOf(initial);
  // A form that shows only some facts hands back only their fields.
  const after = factsOf({ ...initial, ...values });
  const patch: PhotoEdit = {};
  for (const fact of facts) {
    // A selector left empty is refused by the form; it never means "remove the type".
    if (after[fact] !== undefined && !same(before[fact], after[fact])) put(patch, fact, after[fact]);
  }
  return patch;
}

/** The member's word, sent with categories that hold 军用航空器 (the server asks for it there, at upload and edit). */
export const militaryWord = (categories: readonly string[] | undefined, values: Pick<FactsValues, 'militaryConfirmed'>) =>
  categories?.includes('military') ? { militaryConfirmed: values.militaryConfirmed === true } : {};

/** An owner's edit as sent: the changed facts, with their word when the categories sent hold 军用航空器. */
export function ownerEdit(photo: PhotoResponse, values: FactsValues): PhotoEditBody {
  const patch = changedFacts(photo, values, ALL_FACTS);
  return { ...patch, ...militaryWord(patch.categories, values) };
}
