import { REF_KIND_NAMES, type RefKind } from '@contract/reference';
import { Button, Select } from 'antd';
import { optionOf, useEntrySearch, type RefOption } from './ref-option.js';
import { SuggestReferenceDialog } from './suggest-reference-dialog.js';

export type { RefOption };

interface Props {
  kind: RefKind;
  value?: RefOption | null;
  onChange?: (value: RefOption | null) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  /** An entry not to offer (a merge's duplicate cannot be its own target). */
  exclude?: number;
  /** Offer "suggest a missing entry" when nothing matches (default true). */
  suggestMissing?: boolean;
}

/**
 * A searchable selector over reference data (codes, Chinese and English names, from 1 character),
 * with "suggest a missing entry" when nothing matches. Used inside an Ant Design Form.Item.
 */
export function ReferenceSelect({ kind, value, onChange, placeholder, disabled, id, exclude, suggestMissing = true }: Props) {
  const { typed, setTyped, query, searching, options, suggesting, setSuggesting } = useEntrySearch(kind, exclude);

  return (
    <>
      <Select
        id={id}
        showSearch={{ filterOption: false, onSearch: setTyped }}
        labelInValue
        allowClear
        disabled={disabled}
        placeholder={placeholder ?? `输入代码或名称搜索${REF_KIND_NAMES[kind]}`}
        value={value ?? undefined}
        options={options}
        loading={searching}
        onChange={(v: RefOption | undefined) => onChange?.(v ?? null)}
        notFoundContent={
          query && !searching ? (
            <div style={{ padding: 8 }}>
              没有找到“{typed}”。
              {suggestMissing && (
                <Button type="link" size="small" onClick={() => setSuggesting(typed)}>
                  建议新增{REF_KIND_NAMES[kind]}
                </Button>
              )}
            </div>
          ) : (
            <div style={{ padding: 8 }}>输入至少 1 个字符搜索</div>
          )
        }
        data-testid={`select-${kind}`}
      />
      {suggesting !== null && (
        <SuggestReferenceDialog
          kind={kind}
          typed={suggesting}
          label={(item) => optionOf(kind, item).label}
          onPicked={(item) => {
            onChange?.(optionOf(kind, item));
            setSuggesting(null);
          }}
          onClose={() => setSuggesting(null)}
        />
      )}
    </>
  );
}
