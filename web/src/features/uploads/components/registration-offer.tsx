import { REGISTRATION_PATTERN } from '@contract/photos';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import type { FactsValues } from '../../../components/facts-values.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useRegistrationLookup } from '../api/lookup-registration.js';

/** The registration to look up once typing pauses: a plausible one, or null. */
function useSettledRegistration(typed: string | undefined, none: boolean | undefined): string | null {
  const reg = typed?.trim().toUpperCase() ?? '';
  const candidate = !none && reg.length >= 3 && REGISTRATION_PATTERN.test(reg) ? reg : null;
  const settled = useDebouncedValue(candidate, 400);
  return candidate === null ? null : settled;
}

/** Registration auto-fill: offers the facts of the most recent accepted photo of this airframe. */
export function RegistrationOffer() {
  const form = Form.useFormInstance<FactsValues>();
  const registration = useSettledRegistration(Form.useWatch('registration', form), Form.useWatch('noRegistration', form));
  const lookup = useRegistrationLookup(registration);
  const [filledFor, setFilledFor] = useState<string | null>(null);
  const offer = registration !== null && registration !== filledFor ? (lookup.data ?? null) : null;
  if (!offer) return null;
  const fill = () => {
    form.setFieldsValue({
      ...(offer.msn ? { msn: offer.msn } : {}),
      ...(offer.aircraftType ? { aircraftType: { value: offer.aircraftType.id, label: offer.aircraftType.label } } : {}),
      ...(offer.airline ? { airline: { value: offer.airline.id, label: offer.airline.label } } : {}),
    });
    setFilledFor(registration);
  };
  const facts = [offer.aircraftType?.label, offer.airline?.label, offer.msn && `MSN ${offer.msn}`].filter(Boolean).join('，');
  return (
    <Alert
      type="info"
      style={{ marginBottom: 16 }}
      title={`${offer.registration} 上次记录：${facts}`}
      action={
        <Button size="small" onClick={fill}>
          填入
        </Button>
      }
    />
  );
}
