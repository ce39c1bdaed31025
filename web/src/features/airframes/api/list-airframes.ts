import type { AirframesResponse } from '@contract/airframes';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { airframeKeys } from './keys.js';

/** Airframes by registration, MSN or type (`GET /airframes`); for a registration, the one that carried it last first. */
export function listAirframes(params: Readonly<Record<string, string>>): Promise<AirframesResponse> {
  return request<AirframesResponse>('GET', `/airframes?${new URLSearchParams(params)}`, undefined, { quiet: true });
}

export const useAirframes = (params: Readonly<Record<string, string>>) =>
  useQuery({ queryKey: airframeKeys.list(params), queryFn: () => listAirframes(params), retry: false });
