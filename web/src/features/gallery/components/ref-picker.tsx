import { refItemLabel, type RefKind } from '@contract/reference';
import { useId, useState } from 'react';
import { useReferenceSearch } from '../../../lib/search-reference.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useListKeys } from '../../../lib/use-list-keys.js';

export interface Picked {
  id: number;
  label: string;
}

/**
 * A light searchable selector over reference data for the public search page (the Ant Design one
 * serves forms): type a code or a name, pick with the mouse or the arrow keys and Enter.
 */
export function RefPicker({
  kind,
  label,
  value,
  onChange,
}: {
  kind: RefKind;
  label: string;
  value: Picked | null;
  onChange: (value: Picked | null) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const settled = useDebouncedValue(typed.trim(), 200);
  const search = useReferenceSearch(kind, settled);
  const options: Picked[] = settled
    ? (search.data?.items ?? []).slice(0, 8).map((item) => ({ id: item.id, label: refItemLabel(kind, item) }))
    : [];

  const { open, setOpen, active, setActive, onKeyDown, pick } = useListKeys(options, (option: Picked) => {
    onChange(option);
    setTyped('');
  });

  return (
    <div className="filter-field ref-picker">
      <label htmlFor={id}>{label}</label>
      {value ? (
        <div className="ref-picked" data-testid={`picked-${kind}`}>
          <span title={value.label}>{value.label}</span>
          <button type="button" className="chip-x" aria-label={`清除${label}`} onClick={() => onChange(null)}>
            ×
          </button>
        </div>
      ) : (
        <>
          <input
            id={id}
            role="combobox"
            aria-expanded={open && options.length > 0}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            autoComplete="off"
            value={typed}
            placeholder="输入代码或名称"
            onChange={(e) => {
              setTyped(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            data-testid={`filter-${kind}`}
          />
          {open && settled && (
            <ul className="ref-options" role="listbox" id={`${id}-list`}>
              {options.map((o, i) => (
                <li
                  key={o.id}
                  role="option"
                  aria-selected={i === active}
                  // mousedown, not click: the input's blur would close the list first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(o);
                  }}
                  onMouseEnter={() => setActive(i)}
                >
                  {o.label}
                </li>
              ))}
              {options.length === 0 && (
                <li className="muted" aria-disabled="true">
                  {search.isFetching || typed.trim() !== settled ? '搜索中…' : '没有找到'}
                </li>
              )}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
