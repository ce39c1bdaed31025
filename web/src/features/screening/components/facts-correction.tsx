import { REGISTRATION_PATTERN, type PhotoResponse } from '@contract/photos';
import type { FactsCorrection } from '@contract/screening';
import { Form, Input } from 'antd';
import { ReferenceSelect, type RefOption } from '../../../components/reference-select.js';

/** What the screener changed; a field left alone is absent. */
export interface FactsDraft {
  registration?: string;
  aircraftType?: RefOption | null;
  airline?: RefOption | null;
  airport?: RefOption | null;
}

const optionOf = (ref: PhotoResponse['airport']): RefOption | null => (ref ? { value: ref.id, label: ref.label } : null);

/** The corrections to send with the decision (only fields that differ), or why they cannot be sent. */
export function correctionOf(photo: PhotoResponse, draft: FactsDraft): { facts?: FactsCorrection; error?: string } {
  const facts: FactsCorrection = {};
  const registration = draft.registration?.trim().toUpperCase();
  if (registration !== undefined && registration !== photo.registration) {
    if (!REGISTRATION_PATTERN.test(registration)) return { error: '注册号只能包含字母、数字和连字符（1–15 位）' };
    facts.registration = registration;
  }
  if (draft.aircraftType !== undefined && draft.aircraftType?.value !== photo.aircraftType?.id) {
    if (!draft.aircraftType) return { error: '请选择机型' };
    facts.aircraftTypeId = draft.aircraftType.value;
  }
  if (draft.airline !== undefined && (draft.airline?.value ?? null) !== (photo.airline?.id ?? null)) {
    facts.airlineId = draft.airline?.value ?? null;
  }
  if (draft.airport !== undefined && (draft.airport?.value ?? null) !== (photo.airport?.id ?? null)) {
    if (!draft.airport && !photo.inFlight) return { error: '请选择机场' };
    facts.airportId = draft.airport?.value ?? null;
    // An airport on a photo marked as taken in flight: it was taken on the ground after all.
    if (draft.airport && photo.inFlight) facts.inFlight = false;
  }
  return Object.keys(facts).length > 0 ? { facts } : {};
}

interface Props {
  photo: PhotoResponse;
  draft: FactsDraft;
  onChange: (draft: FactsDraft) => void;
}

/** Fixing a typo in the registration or a wrong airport while screening; the history records it. */
export function FactsCorrectionForm({ photo, draft, onChange }: Props) {
  const registration = draft.registration ?? photo.registration;
  const badRegistration = !REGISTRATION_PATTERN.test(registration.trim().toUpperCase());
  return (
    <Form layout="vertical" className="facts-correction" data-testid="facts-correction" component="div">
      <Form.Item
        label="注册号"
        htmlFor="fix-registration"
        validateStatus={badRegistration ? 'error' : undefined}
        help={badRegistration ? '注册号只能包含字母、数字和连字符' : undefined}
      >
        <Input
          id="fix-registration"
          value={registration}
          onChange={(e) => onChange({ ...draft, registration: e.target.value.toUpperCase() })}
          maxLength={15}
        />
      </Form.Item>
      <Form.Item label="机型" htmlFor="fix-type">
        <ReferenceSelect
          id="fix-type"
          kind="aircraft-types"
          value={draft.aircraftType !== undefined ? draft.aircraftType : optionOf(photo.aircraftType)}
          onChange={(v) => onChange({ ...draft, aircraftType: v })}
        />
      </Form.Item>
      <Form.Item label="航司" htmlFor="fix-airline">
        <ReferenceSelect
          id="fix-airline"
          kind="airlines"
          value={draft.airline !== undefined ? draft.airline : optionOf(photo.airline)}
          onChange={(v) => onChange({ ...draft, airline: v })}
        />
      </Form.Item>
      <Form.Item label={photo.inFlight ? '机场（空中拍摄）' : '机场'} htmlFor="fix-airport">
        <ReferenceSelect
          id="fix-airport"
          kind="airports"
          value={draft.airport !== undefined ? draft.airport : optionOf(photo.airport)}
          onChange={(v) => onChange({ ...draft, airport: v })}
        />
      </Form.Item>
    </Form>
  );
}
