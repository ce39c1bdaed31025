import type { AirframesResponse } from '@contract/airframes';
import type { UseQueryResult } from '@tanstack/react-query';
import { AirframeCard } from './airframe-card.js';

/** Airframes a page lists (by registration, by Mode S address): loading, the error, the empty text or the cards. */
export function AirframeList({
  result: { data, error, isPending },
  empty,
  testId,
}: {
  result: UseQueryResult<AirframesResponse>;
  empty: string;
  testId: string;
}) {
  if (isPending) return <div className="route-loading">加载中…</div>;
  if (error) return <p className="muted">{error.message}</p>;
  if (data.items.length === 0) {
    return (
      <p className="muted" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  return (
    <div className="airframe-grid" data-testid={`${testId}-airframes`}>
      {data.items.map((a) => (
        <AirframeCard key={a.id} airframe={a} />
      ))}
    </div>
  );
}
