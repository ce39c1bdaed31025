import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const shown = open && !p.disabled;
  // A box near the bottom of the window opens its list above it, where there is room for it.
  const [up, setUp] = useState(false);
  useLayoutEffect(() => {
    if (!shown || !box.current || !list.current) return;
    const rect = box.current.getBoundingClientRect();
    const below = window.innerHeight - rect.bottom;
    setUp(below < list.current.offsetHeight + 8 && rect.top > below);
  }, [shown, p.options.length]);
  const optionId = (i: number) => `${listId}-${i}`;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // An input method composing (pinyin's Enter writes the letters) keeps its keys. Safari sends the
    // Enter that ends a composition with isComposing false and only the old keyCode 229 to tell.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.key === 'Backspace' && p.typed === '' && p.value) p.onChange(null);
    // The options still answer an earlier search: Enter waits for this one's.
    else if (e.key === 'Enter' && p.loading) e.preventDefault();
    else {
      listKeys(e);
      // The marked option stays in sight as ↑ ↓ move through a list taller than its box.
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp')
        requestAnimationFrame(() => box.current?.querySelector('.combo-option-active')?.scrollIntoView?.({ block: 'nearest' }));
    }
  };
  const valueId = `${listId}-value`;
  const describedBy = [p.value && p.typed === '' ? valueId : null, p.describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div
      ref={box}
      className={`combo${p.disabled ? ' combo-disabled' : ''}`}
      data-testid={p.testId}
      // Leaving the box (not for its 建议新增) leaves the search: the box shows its entry again.
      onBlur={(e) => {
        if (e.relatedTarget instanceof Node && box.current?.contains(e.relatedTarget)) return;
        setOpen(false);
        p.onTyped('');
      }}
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
        aria-controls={shown && p.options.length > 0 ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={shown && p.options[active] ? optionId(active) : undefined}
        aria-invalid={p.invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        disabled={p.disabled}
        value={p.typed}
        placeholder={p.value ? '' : p.placeholder}
        onChange={(e) => {
          p.onTyped(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {p.value && p.typed === '' && (
        <span className="combo-value" id={valueId} title={p.value.label}>
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
          // The focus stays in the search, where the next entry is typed.
          onMouseDown={(e) => {
            e.preventDefault();
            e.stopPropagation();
            input.current?.focus();
          }}
          onClick={() => p.onChange(null)}
        >
          ×
        </button>
      ) : (
        <span className="combo-arrow" aria-hidden="true" />
      )}
      {shown && (
        <div ref={list} className={`combo-list${up ? ' combo-list-up' : ''}`}>
          {p.options.length > 0 && (
            <ul className="combo-options" role="listbox" id={listId} aria-label={p.placeholder}>
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
            </ul>
          )}
          {p.options.length === 0 && (
            <div className="combo-empty" role="status" onMouseDown={(e) => e.preventDefault()}>
              {p.empty}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
