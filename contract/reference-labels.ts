import type { AircraftType, Airline, Airport, RefItem, RefKind } from './reference.js';

// The labels a selector and a photo show for each kind, Chinese first (issue 21), used by the server
// presenters and the web alike: 上海浦东 ZSPD/PVG, 中国国际航空, 波音 737-800（B738）.
export function airportLabel(a: Pick<Airport, 'nameZh' | 'nameEn' | 'iata' | 'icao'>): string {
  const codes = [a.icao, a.iata].filter(Boolean).join('/');
  return `${a.nameZh ?? a.nameEn}${codes ? ` ${codes}` : ''}`;
}
export function airlineLabel(a: Pick<Airline, 'nameZh' | 'nameEn'> & Partial<Pick<Airline, 'active'>>): string {
  return `${a.nameZh ?? a.nameEn}${a.active === false ? '（已停运）' : ''}`;
}
/** The type's name without its designator: 波音 737-800, 空客 A320neo, 新舟 60. */
export function aircraftTypeName(
  t: Pick<AircraftType, 'manufacturerEn' | 'typeName' | 'variant'> & Partial<Pick<AircraftType, 'manufacturerZh' | 'nameZh'>>,
): string {
  if (t.nameZh) return t.nameZh;
  // "737" + "-800" reads as one designation (737-800); other variants stand apart (A330neo 900).
  const variant = t.variant ? (t.variant.startsWith('-') ? t.variant : ` ${t.variant}`) : '';
  return `${t.manufacturerZh ?? t.manufacturerEn} ${t.typeName}${variant}`;
}
export function aircraftTypeLabel(
  t: Pick<AircraftType, 'manufacturerEn' | 'typeName' | 'variant' | 'icao'> &
    Partial<Pick<AircraftType, 'manufacturerZh' | 'nameZh'>>,
): string {
  return `${aircraftTypeName(t)}${t.icao ? `（${t.icao}）` : ''}`;
}

/** An airline as a selector offers it: 中国国际航空 Air China CCA/CA — both names, then the codes. */
export function airlineOptionLabel(
  a: Pick<Airline, 'nameZh' | 'nameEn' | 'icao' | 'iata'> & Partial<Pick<Airline, 'active'>>,
): string {
  const codes = [a.icao, a.iata].filter(Boolean).join('/');
  return `${airlineLabel(a)}${a.nameZh ? ` ${a.nameEn}` : ''}${codes ? ` ${codes}` : ''}`;
}

/** The one line that names an entry in selectors and management lists. */
export function refItemLabel<K extends RefKind>(kind: K, item: RefItem<K>): string {
  if (kind === 'airports') return airportLabel(item as RefItem<'airports'>);
  if (kind === 'airlines') return airlineOptionLabel(item as RefItem<'airlines'>);
  return aircraftTypeLabel(item as RefItem<'aircraft-types'>);
}
