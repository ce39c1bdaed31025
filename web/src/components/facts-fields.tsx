import { CATEGORIES, FACTS_LIMITS, PHOTO_MESSAGES, photoMeta } from '@contract/photos';
import { modeSProblem } from '@contract/mode-s';
import { formatRegistration, registrationHint } from '@contract/registrations';
import type { z } from '@contract/zod';
import { Checkbox, Form, Input, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Fact, FactsValues } from './facts-values.js';
import { AirframeField, LiverySelect } from './airframe-fields.js';
import { ReferenceSelect, type RefOption } from './reference-select.js';

/**
 * The contract's own verdict on a value: the message of its last failed check. zod lists every
 * failed check in order, and the contract writes its text on the last, most specific one
 * (`id().min(1, '请选择机型')` comes after `positive()`).
 */
function contractMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues.at(-1)?.message ?? null);
}

/** A field's rule from a check that answers with the message to show, or null when the value is fine. */
function check(
  test: (value: never, values: Pick<FactsValues, 'noRegistration' | 'inFlight' | 'registration'>) => string | null,
): FormRule {
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

const shape = photoMeta.shape;
// Every form checks a fact as the upload does (the contract's photoMeta): an edit may leave a fact
// alone, but what it sends must be a fact the upload would have taken.
const RULES = {
  registration: check((v: string | undefined, { noRegistration }) =>
    noRegistration ? null : v?.trim() ? contractMessage(shape.registration, v) : '请输入注册号，或勾选“无注册号”',
  ),
  msn: check((v: string | undefined) => contractMessage(shape.msn, v ?? '')),
  // The form first, then whether it fits the registration's state, as the server checks it.
  modeS: check((v: string | undefined, { noRegistration, registration }) =>
    v?.trim()
      ? (contractMessage(shape.modeS, v) ??
        modeSProblem(v, noRegistration ? null : (formatRegistration(registration) ?? registration.trim().toUpperCase())))
      : null,
  ),
  // No type is the id 0, which the contract names: 请选择机型.
  aircraftType: check((v: RefOption | null | undefined) => contractMessage(shape.aircraftTypeId, v?.value ?? 0)),
  airport: check((v: RefOption | null | undefined, { inFlight }) => (inFlight || v ? null : PHOTO_MESSAGES.airportRequired)),
  takenOn: check((v: string | undefined) => (v ? contractMessage(shape.takenOn, v) : '请选择拍摄日期')),
  categories: check((v: string[] | undefined) => contractMessage(shape.categories, v ?? [])),
  remark: check((v: string | undefined) => contractMessage(shape.remark, v ?? '')),
  messageToScreener: check((v: string | undefined) => contractMessage(shape.messageToScreener, v ?? '')),
};

/** The member's own day (a photo taken at dawn in Beijing is still "yesterday" in UTC); the server allows up to a day ahead of UTC. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

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
  const changed = categories.length !== was.length || categories.some((c) => !was.includes(c));
  if (!changed || !categories.includes('military')) return null;
  return (
    <Form.Item
      name="militaryConfirmed"
      valuePropName="checked"
      rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(PHOTO_MESSAGES.militaryUnconfirmed))) }]}
      extra={
        <>
          军用机场、军事设施及其周边常禁止摄影，详见<Link to="/guide/upload#military">上传指南</Link>。
        </>
      }
    >
      <Checkbox data-testid="military-confirm">我确认这张照片拍摄于允许摄影的地点（如航展、开放日），且不含军事敏感内容</Checkbox>
    </Form.Item>
  );
}

/** Under the registration: how its country writes it, with the likely spelling one click away. */
function RegistrationHintLine({ typed }: { typed: string | undefined }) {
  const form = Form.useFormInstance<FactsValues>();
  const hint = registrationHint(typed ?? '');
  if (!hint) return null;
  return (
    <span className="registration-hint" data-testid="registration-hint">
      {hint.message}
      {hint.likely && (
        <button
          type="button"
          className="text-link"
          style={{ marginLeft: 8 }}
          onClick={() => {
            form.setFieldValue('registration', hint.likely);
            void form.validateFields(['registration']).catch(() => undefined);
            // The button goes with the hint: the field takes the focus back, not the page.
            form.getFieldInstance('registration')?.focus();
          }}
          data-testid="registration-likely"
          // Out of the tab order: leaving the field by keyboard writes the likely spelling already.
          tabIndex={-1}
        >
          改为 {hint.likely}
        </button>
      )}
    </span>
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
            label="注册号"
            name="registration"
            normalize={(v: string) => v.toUpperCase()}
            dependencies={['noRegistration']}
            rules={[RULES.registration]}
            extra={!noRegistration && <RegistrationHintLine typed={registration} />}
          >
            <Input
              disabled={noRegistration}
              placeholder="如 B-1234"
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
            <Checkbox>无注册号</Checkbox>
          </Form.Item>
          {afterRegistration}
        </>
      )}
      {has('msn') && (
        <Form.Item label="MSN（出厂序列号）" name="msn" rules={[RULES.msn]}>
          <Input />
        </Form.Item>
      )}
      {has('modeS') && (
        <Form.Item
          label="Mode S 代码（选填）"
          name="modeS"
          dependencies={['registration', 'noRegistration']}
          rules={[RULES.modeS]}
          extra="机载应答机的 24 位地址，6 位十六进制，如 780A1B；美国 N 字头注册号无需填写"
        >
          <Input maxLength={8} autoComplete="off" />
        </Form.Item>
      )}
      {has('aircraftTypeId') && (
        <Form.Item label="机型" name="aircraftType" rules={[RULES.aircraftType]}>
          <ReferenceSelect kind="aircraft-types" />
        </Form.Item>
      )}
      {has('airlineId') && (
        <Form.Item label="航空公司/运营者" name="airline">
          <ReferenceSelect kind="airlines" />
        </Form.Item>
      )}
      {has('airportId') && (
        <Form.Item label="机场" name="airport" dependencies={['inFlight']} rules={[RULES.airport]}>
          <ReferenceSelect kind="airports" disabled={inFlight} />
        </Form.Item>
      )}
      {has('airframeId') && <AirframeField />}
      {has('liveryId') && (
        <Form.Item label="涂装" name="livery">
          <LiverySelect />
        </Form.Item>
      )}
      {has('inFlight') && (
        <Form.Item name="inFlight" valuePropName="checked" style={{ marginTop: -12 }}>
          <Checkbox>空中拍摄</Checkbox>
        </Form.Item>
      )}
      {has('takenOn') && (
        <Form.Item label="拍摄日期" name="takenOn" rules={[RULES.takenOn]} extra={takenOnHint}>
          <Input type="date" max={today()} data-testid="taken-on" />
        </Form.Item>
      )}
      {has('categories') && (
        <Form.Item label="分类" name="categories" rules={[RULES.categories]}>
          <Checkbox.Group options={CATEGORIES.map((c) => ({ label: c.zh, value: c.code }))} />
        </Form.Item>
      )}
      {has('categories') && askMilitary && <MilitaryConfirm was={askMilitary} />}
      {has('remark') && (
        <Form.Item label="公开说明" name="remark" rules={[RULES.remark]}>
          <Input.TextArea maxLength={FACTS_LIMITS.remarkMax} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      )}
      {has('messageToScreener') && (
        <Form.Item label="给审图员的留言（仅审图员可见）" name="messageToScreener" rules={[RULES.messageToScreener]}>
          <Input.TextArea maxLength={FACTS_LIMITS.messageMax} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      )}
    </>
  );
}
