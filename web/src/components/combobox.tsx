import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useListKeys } from '../lib/use-list-keys.js';
import type { RefOption } from './ref-option.js';

interface Props {
  id: string;
  value: RefOption | null;
  onChange: (value: RefOption | null) => void;
  /** What is typed in the box: the parent searches with it. */
  typed: string;
  onTyped: (typed: string) => void;
  options: readonly RefOption[];
  loading: boolean;
  placeholder: string;
  /** Shown in the list when it holds no option (a prompt, or 没有找到 with its offer). */
  empty: ReactNode;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  testId: string;
}

/**
 * A search box that picks one entry from a list the parent fills as it is typed: our own, in the
 * upload form's first load (issue 34, item 24), with the keys of a combobox (↑ ↓ Enter Esc) and a
 * clear button. The chosen entry is shown in the box while nothing is typed.
 */
export function Combobox(p: Props) {
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const {
    open,
    setOpen,
    active,
    setActive,
    onKeyDown: listKeys,
    pick,
  } = useListKeys(
    p.options,
    (option: RefOption) => {
      p.onChange(option);
      p.onTyped('');
    },
    // Esc leaves the search: the box shows its entry again.
    () => p.onTyped(''),
  );
  const shown = open && !p.disabled;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && p.typed === '' && p.value) p.onChange(null);
    else listKeys(e);
  };
  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div
      className={`combo${p.disabled ? ' combo-disabled' : ''}${p.invalid ? ' combo-invalid' : ''}${shown ? ' combo-open' : ''}`}
      data-testid={p.testId}
      // A click anywhere on the box (its chosen entry, its arrow) is a click in the search.
      onMouseDown={(e) => {
        if (e.target !== input.current && !p.disabled) {
          e.preventDefault();
          input.current?.focus();
          setOpen(true);
        }
      }}
    >
      <input
        ref={input}
        id={p.id}
        className="combo-input"
        role="combobox"
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={shown && p.options[active] ? optionId(active) : undefined}
        aria-invalid={p.invalid || undefined}
        aria-describedby={p.describedBy}
        autoComplete="off"
        disabled={p.disabled}
        value={p.typed}
        placeholder={p.value ? '' : p.placeholder}
        onChange={(e) => {
          p.onTyped(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          p.onTyped('');
        }}
        onKeyDown={onKeyDown}
      />
      {p.value && p.typed === '' && (
        <span className="combo-value" title={p.value.label}>
          {p.value.label}
        </span>
      )}
      {p.loading && shown ? (
        <span className="combo-spin" aria-hidden="true" />
      ) : p.value && !p.disabled ? (
        <button
          type="button"
          className="combo-clear"
          aria-label="清除"
          tabIndex={-1}
          onMouseDown={(e) => e.stopPropagation()}
          onClick={() => p.onChange(null)}
        >
          ×
        </button>
      ) : (
        <span className="combo-arrow" aria-hidden="true" />
      )}
      {shown && (
        <ul className="combo-list" role="listbox" id={listId} aria-label={p.placeholder}>
          {p.options.map((option, i) => (
            <li
              key={option.value}
              id={optionId(i)}
              role="option"
              aria-selected={p.value?.value === option.value}
              className={`combo-option${i === active ? ' combo-option-active' : ''}`}
              // Keeps the focus in the box until the click has picked.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(option)}
            >
              {option.label}
            </li>
          ))}
          {p.options.length === 0 && (
            <li className="combo-empty" role="presentation" onMouseDown={(e) => e.preventDefault()}>
              {p.empty}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
