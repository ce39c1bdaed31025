import type { PhotoResponse } from '@contract/photos';
import { factsCorrection, type FactsCorrection } from '@contract/screening';
import { Form, type FormInstance } from 'antd';
import { FactsFields } from '../../../components/facts-fields.js';
import { changedFacts, factsValuesOf, type Fact, type FactsValues } from '../../../components/facts-values.js';
import { FACT_NAMES } from '../lib/texts.js';

/** The facts a screener may correct while screening (the contract's factsCorrection). */
const CORRECTABLE = Object.keys(factsCorrection.shape) as Fact[];

/**
 * The corrections to send with a decision: only the facts that differ from the photo's, checked as
 * the upload checks them; or the first reason they cannot be sent. Untouched facts are not checked.
 */
export async function correctionOf(
  form: FormInstance<FactsValues>,
  photo: PhotoResponse,
): Promise<{ facts?: FactsCorrection; error?: string }> {
  const facts = changedFacts(photo, form.getFieldsValue(true) as FactsValues, CORRECTABLE);
  if (Object.keys(facts).length === 0) return {};
  try {
    await form.validateFields();
  } catch (e) {
    const fields = (e as { errorFields?: { errors: string[] }[] }).errorFields ?? [];
    return { error: fields[0]?.errors[0] ?? '请检查修正的信息' };
  }
  return { facts };
}

/** The names of the facts corrected so far (机场、注册号), for the 升级 dialog: they do not go with it. */
export function correctedFacts(form: FormInstance<FactsValues>, photo: PhotoResponse): string[] {
  return Object.keys(changedFacts(photo, form.getFieldsValue(true) as FactsValues, CORRECTABLE)).map((f) => FACT_NAMES[f] ?? f);
}

/** Fixing a typo in the registration or a wrong airport while screening; the history records it. */
export function FactsCorrectionForm({ form, photo }: { form: FormInstance<FactsValues>; photo: PhotoResponse }) {
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      className="facts-correction"
      initialValues={factsValuesOf(photo)}
      // No <form>: Enter in a field must not send anything; the decision buttons do.
      component="div"
      data-testid="facts-correction"
    >
      <p className="muted fix-hint">修正随“通过”或“拒绝”一起保存，不随“升级”发送。</p>
      <FactsFields facts={CORRECTABLE} />
    </Form>
  );
}
