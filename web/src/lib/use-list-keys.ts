import { useState, type KeyboardEvent } from 'react';

/**
 * The keys of a search box over a list (our own comboboxes): ↑ ↓ move through the options, Enter picks
 * the one marked (and never sends the form around the box), Esc closes the list.
 */
export function useListKeys<T>(options: readonly T[], onPick: (option: T) => void, onEscape?: () => void) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  /** An option taken (by Enter, or a click on it): the list closes. */
  const pick = (option: T) => {
    onPick(option);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (options.length ? (a + step + options.length) % options.length : 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const option = options[active];
      if (open && option) pick(option);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      onEscape?.();
    }
  };
  return { open, setOpen, active, setActive, onKeyDown, pick };
}
