import { registrationHint } from '@contract/registrations';

/** Under the registration: how its country writes it, with the likely spelling one click away (`onLikely`). */
export function RegistrationHint({ typed, onLikely }: { typed: string; onLikely: (likely: string) => void }) {
  const hint = registrationHint(typed);
  if (!hint) return null;
  const { likely } = hint;
  return (
    <span className="registration-hint" data-testid="registration-hint">
      {hint.message}
      {likely && (
        <button
          type="button"
          className="text-link"
          style={{ marginLeft: 8 }}
          onClick={() => onLikely(likely)}
          data-testid="registration-likely"
          // Out of the tab order: leaving the field by keyboard writes the likely spelling already.
          tabIndex={-1}
        >
          改为 {likely}
        </button>
      )}
    </span>
  );
}
