import type { FieldIssue } from '@contract/errors';
import type { FormInstance } from 'antd';
import { ApiError } from './api.js';

/**
 * Puts the server's field errors (`issues` of its error body) under the matching Ant Design form
 * fields. `fieldOf` renames contract paths to form fields (aircraftTypeId → aircraftType); the
 * issues mapped to null, or without a path, are returned for the caller to show elsewhere.
 */
export function showFieldErrors(form: FormInstance, error: unknown, fieldOf: Record<string, string | null> = {}): FieldIssue[] {
  if (!(error instanceof ApiError)) return [];
  const elsewhere: FieldIssue[] = [];
  const fields: { name: string; errors: string[] }[] = [];
  for (const issue of error.issues) {
    const path = issue.path[0] === undefined ? null : String(issue.path[0]);
    const name = path !== null && path in fieldOf ? fieldOf[path] : path;
    if (name) fields.push({ name, errors: [issue.message] });
    else elsewhere.push(issue);
  }
  form.setFields(fields);
  return elsewhere;
}

/**
 * A dialog's OK: the form's own checks, then `send` with its values, then `done`; a refusal's field
 * errors go under their fields (the action facility has already said why).
 */
export async function submitDialog<V>(
  form: FormInstance<V>,
  send: (values: V) => Promise<unknown>,
  done: () => void,
): Promise<void> {
  const values = await form.validateFields();
  try {
    await send(values);
    done();
  } catch (e) {
    showFieldErrors(form, e);
  }
}
