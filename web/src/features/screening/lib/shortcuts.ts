import { useEffect } from 'react';

/**
 * The keys of the reject reasons, in the order of PRODUCT.md §5.4: the digits for the first ten, then
 * the row under them (Q–P), then A, S… for the rest; never M (the message) or Enter (confirm).
 */
export const REASON_KEYS = '1234567890qwertyuiopasdfghjkl';

const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Whether a key press belongs to a text field: typing "a" in a message must not accept the photo. */
export function isTyping(e: KeyboardEvent): boolean {
  const t = e.target;
  if (e.isComposing) return true; // an input method is still composing Chinese
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return true;
  return t instanceof HTMLInputElement && !NOT_TEXT.has(t.type);
}

/**
 * Single-key shortcuts (no Ctrl/Alt/Meta) on the whole window while `enabled`; keys are lowercase
 * `KeyboardEvent.key` values. Never while typing in a text field.
 */
export function useShortcuts(keys: Record<string, () => void>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || e.defaultPrevented || isTyping(e)) return;
      const run = keys[e.key.toLowerCase()];
      if (!run) return;
      e.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys, enabled]);
}
