import { Alert } from 'antd';
import { ApiError } from '../../../lib/api.js';

/** The server's refusal (e.g. 不能停用自己的账号) stays beside the button, after the notice has gone. */
export function ActionError({ error }: { error: Error | null }) {
  if (!(error instanceof ApiError)) return null;
  const details = error.issues.map((i) => i.message).filter((m) => m !== error.message);
  return (
    <Alert
      className="action-error"
      type="error"
      showIcon
      title={error.message}
      description={details.length > 0 ? details.join('；') : undefined}
      data-testid="action-error"
    />
  );
}
