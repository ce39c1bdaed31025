import { REGISTRATION_PATTERN } from '@contract/photos';
import { useState } from 'react';
import type { FactsValues } from '../../../components/facts-values.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useRegistrationLookup } from '../api/lookup-registration.js';

/** The registration to look up once typing pauses: a plausible one, or null. */
function useSettledRegistration(typed: string, none: boolean): string | null {
  const reg = typed.trim().toUpperCase();
  const candidate = !none && reg.length >= 3 && REGISTRATION_PATTERN.test(reg) ? reg : null;
  const settled = useDebouncedValue(candidate, 400);
  return candidate === null ? null : settled;
}

/** Registration auto-fill: offers the facts of the most recent accepted photo of this airframe. */
export function RegistrationOffer({
  typed,
  none,
  onFill,
}: {
  typed: string;
  none: boolean;
  onFill: (facts: Partial<Pick<FactsValues, 'msn' | 'aircraftType' | 'airline'>>) => void;
}) {
  const registration = useSettledRegistration(typed, none);
  const lookup = useRegistrationLookup(registration);
  const [filledFor, setFilledFor] = useState<string | null>(null);
  const offer = registration !== null && registration !== filledFor ? (lookup.data ?? null) : null;
  if (!offer) return null;
  const fill = () => {
    onFill({
      ...(offer.msn ? { msn: offer.msn } : {}),
      ...(offer.aircraftType ? { aircraftType: { value: offer.aircraftType.id, label: offer.aircraftType.label } } : {}),
      ...(offer.airline ? { airline: { value: offer.airline.id, label: offer.airline.label } } : {}),
    });
    setFilledFor(registration);
  };
  const facts = [offer.aircraftType?.label, offer.airline?.label, offer.msn && `MSN ${offer.msn}`].filter(Boolean).join('，');
  return (
    <div className="callout callout-info callout-with-action form-row" role="status" data-testid="registration-offer">
      <span>{`${offer.registration} 上次记录：${facts}`}</span>
      <button type="button" className="btn btn-small" onClick={fill}>
        填入
      </button>
    </div>
  );
}
