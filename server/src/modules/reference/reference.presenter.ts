import {
  aircraftTypeLabel,
  airlineLabel,
  airportLabel,
  type AircraftType,
  type Airline,
  type Airport,
} from '../../../../contract/reference.js';
import type { RefSummary } from '../../../../contract/photos.js';
import type { AircraftTypeRow, AirlineRow, AirportRow } from '../../db/schema.js';

export function presentAirport(r: AirportRow): Airport {
  return {
    id: r.id,
    icao: r.icao,
    iata: r.iata,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    city: r.city,
    country: r.country,
    cityZh: r.city_zh,
    regionZh: r.region_zh,
    status: r.status,
  };
}

export function presentAirline(r: AirlineRow): Airline {
  return {
    id: r.id,
    icao: r.icao,
    iata: r.iata,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    country: r.country,
    shortZh: r.short_zh,
    active: r.active === 1,
    status: r.status,
  };
}

export function presentAircraftType(r: AircraftTypeRow): AircraftType {
  return {
    id: r.id,
    manufacturerZh: r.manufacturer_zh,
    manufacturerEn: r.manufacturer_en,
    typeName: r.type_name,
    variant: r.variant,
    icao: r.icao,
    nameZh: r.name_zh,
    status: r.status,
  };
}

/** The short form photos carry: `{id, label, icao, iata}`. */
export const summariseAirport = (r: AirportRow): RefSummary => ({
  id: r.id,
  label: airportLabel(presentAirport(r)),
  icao: r.icao,
  iata: r.iata,
});
export const summariseAirline = (r: AirlineRow): RefSummary => ({
  id: r.id,
  label: airlineLabel(presentAirline(r)),
  icao: r.icao,
  iata: r.iata,
});
export const summariseAircraftType = (r: AircraftTypeRow): RefSummary => ({
  id: r.id,
  label: aircraftTypeLabel(presentAircraftType(r)),
  icao: r.icao,
  iata: null,
});
