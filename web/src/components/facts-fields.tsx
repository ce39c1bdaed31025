import { CATEGORIES } from '@contract/photos';
import { formatRegistration } from '@contract/registrations';
import { Checkbox, Form, Input, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { asksMilitary, FACT_CHECKS, FACT_TEXTS as T, today, type CheckedFact, type FactsContext } from './facts-checks.js';
import type { Fact, FactsValues } from './facts-values.js';
import { AirframeField, LiverySelect } from './airframe-fields.js';
import { ReferenceSelect } from './reference-select.js';
import { RegistrationHint } from './registration-hint.js';

/** A field's rule from a check that answers with the message to show, or null when the value is fine. */
function check(test: (value: never, values: FactsContext) => string | null): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_, value: unknown) => {
      // Each check names the type its field holds.
      const message = test(value as never, {
        noRegistration: getFieldValue('noRegistration') === true,
        inFlight: getFieldValue('inFlight') === true,
        registration: String(getFieldValue('registration') ?? ''),
      });
      if (message) throw new Error(message);
    },
  });
}

const RULES = Object.fromEntries(Object.entries(FACT_CHECKS).map(([name, test]) => [name, check(test)])) as Record<
  CheckedFact,
  FormRule
>;

interface Props {
  /** The facts this place edits, by their contract names; the others are not shown. */
  facts: readonly Fact[];
  /** Shown under the registration (the upload's auto-fill offer). */
  afterRegistration?: ReactNode;
  takenOnHint?: string;
  /**
   * The categories the photo had (none for an upload): when the member's differ and hold 军用航空器, they
   * confirm it was taken where photography is allowed. Unsaid (a screener's correction): never asked.
   */
  askMilitary?: readonly string[];
}

/** The uploader's word for a photo of a military aircraft, asked when the categories they send hold one. */
function MilitaryConfirm({ was }: { was: readonly string[] }) {
  const categories = Form.useWatch<string[] | undefined>('categories') ?? [];
  if (!asksMilitary(categories, was)) return null;
  return (
    <Form.Item
      name="militaryConfirmed"
      valuePropName="checked"
      rules={[RULES.militaryConfirmed]}
      extra={
        <>
          军用机场、军事设施及其周边常禁止摄影，详见<Link to="/guide/upload#military">上传指南</Link>。
        </>
      }
    >
      <Checkbox data-testid="military-confirm">{T.militaryConfirmed.label}</Checkbox>
    </Form.Item>
  );
}

/** The registration's hint, its likely spelling written into the form's field. */
function RegistrationHintLine({ typed }: { typed: string | undefined }) {
  const form = Form.useFormInstance<FactsValues>();
  return (
    <RegistrationHint
      typed={typed ?? ''}
      onLikely={(likely) => {
        form.setFieldValue('registration', likely);
        void form.validateFields(['registration']).catch(() => undefined);
        // The button goes with the hint: the field takes the focus back, not the page.
        form.getFieldInstance('registration')?.focus();
      }}
    />
  );
}

/**
 * A photo's facts inside an Ant Design form holding `FactsValues`: the one set of fields, labels and
 * rules of the upload, the owner's edits and the screener's corrections (messages from the contract).
 */
export function FactsFields({ facts, afterRegistration, takenOnHint, askMilitary }: Props) {
  const form = Form.useFormInstance<FactsValues>();
  const noRegistration = Form.useWatch('noRegistration', form);
  const registration = Form.useWatch('registration', form);
  const inFlight = Form.useWatch('inFlight', form);
  const has = (fact: Fact) => facts.includes(fact);
  return (
    <>
      {has('registration') && (
        <>
          <Form.Item
            label={T.registration.label}
            name="registration"
            normalize={(v: string) => v.toUpperCase()}
            dependencies={['noRegistration']}
            rules={[RULES.registration]}
            extra={!noRegistration && <RegistrationHintLine typed={registration} />}
          >
            <Input
              disabled={noRegistration}
              placeholder={T.registration.placeholder}
              // Leaving the field writes the registration as its country does: b30ee → B-30EE.
              onBlur={(e) => {
                // A click on 改为 leaves the spelling to it (it gives the field the focus back).
                if (e.relatedTarget instanceof HTMLElement && e.relatedTarget.dataset.testid === 'registration-likely') return;
                const written = formatRegistration(e.target.value.trim());
                if (written && written !== e.target.value) {
                  form.setFieldValue('registration', written);
                  void form.validateFields(['registration']).catch(() => undefined);
                }
              }}
            />
          </Form.Item>
          <Form.Item name="noRegistration" valuePropName="checked" style={{ marginTop: -12 }}>
            <Checkbox>{T.noRegistration.label}</Checkbox>
          </Form.Item>
          {afterRegistration}
        </>
      )}
      {has('msn') && (
        <Form.Item label={T.msn.label} name="msn" rules={[RULES.msn]}>
          <Input />
        </Form.Item>
      )}
      {has('modeS') && (
        <Form.Item
          label={T.modeS.label}
          name="modeS"
          dependencies={['registration', 'noRegistration']}
          rules={[RULES.modeS]}
          extra={T.modeS.extra}
        >
          <Input maxLength={8} autoComplete="off" />
        </Form.Item>
      )}
      {has('aircraftTypeId') && (
        <Form.Item label={T.aircraftType.label} name="aircraftType" rules={[RULES.aircraftType]}>
          <ReferenceSelect kind="aircraft-types" />
        </Form.Item>
      )}
      {has('airlineId') && (
        <Form.Item label={T.airline.label} name="airline">
          <ReferenceSelect kind="airlines" />
        </Form.Item>
      )}
      {has('airportId') && (
        <Form.Item label={T.airport.label} name="airport" dependencies={['inFlight']} rules={[RULES.airport]}>
          <ReferenceSelect kind="airports" disabled={inFlight} />
        </Form.Item>
      )}
      {has('airframeId') && <AirframeField />}
      {has('liveryId') && (
        <Form.Item label={T.livery.label} name="livery">
          <LiverySelect />
        </Form.Item>
      )}
      {has('inFlight') && (
        <Form.Item name="inFlight" valuePropName="checked" style={{ marginTop: -12 }}>
          <Checkbox>{T.inFlight.label}</Checkbox>
        </Form.Item>
      )}
      {has('takenOn') && (
        <Form.Item label={T.takenOn.label} name="takenOn" rules={[RULES.takenOn]} extra={takenOnHint}>
          <Input type="date" max={today()} data-testid="taken-on" />
        </Form.Item>
      )}
      {has('categories') && (
        <Form.Item label={T.categories.label} name="categories" rules={[RULES.categories]}>
          <Checkbox.Group options={CATEGORIES.map((c) => ({ label: c.zh, value: c.code }))} />
        </Form.Item>
      )}
      {has('categories') && askMilitary && <MilitaryConfirm was={askMilitary} />}
      {has('remark') && (
        <Form.Item label={T.remark.label} name="remark" rules={[RULES.remark]}>
          <Input.TextArea maxLength={T.remark.max} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      )}
      {has('messageToScreener') && (
        <Form.Item label={T.messageToScreener.label} name="messageToScreener" rules={[RULES.messageToScreener]}>
          <Input.TextArea maxLength={T.messageToScreener.max} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      )}
    </>
  );
}
