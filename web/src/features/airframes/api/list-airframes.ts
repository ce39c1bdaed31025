import type { AirframesResponse } from '@contract/airframes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { airframeKeys } from './keys.js';

/** Airframes by registration, MSN or type (`GET /airframes`); for a registration, the one that carried it last first. */
export function listAirframes(params: Readonly<Record<string, string>>): Promise<AirframesResponse> {
  return request<AirframesResponse>('GET', `/airframes?${new URLSearchParams(params)}`, undefined, { quiet: true });
}

export const airframesQuery = (params: Readonly<Record<string, string>>) =>
  queryOptions({ queryKey: airframeKeys.list(params), queryFn: () => listAirframes(params), retry: false });

export const useAirframes = (params: Readonly<Record<string, string>>) => useQuery(airframesQuery(params));
