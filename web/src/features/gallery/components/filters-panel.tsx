import { CATEGORIES } from '@contract/catalogues';
import type { RefKind } from '@contract/reference';
import { labelOf, rememberLabel } from '../../../lib/known-labels.js';
import type { SearchKey } from '../lib/search-params.js';
import { RefPicker } from './ref-picker.js';

const REF_FILTERS: { key: 'type' | 'airline' | 'airport'; kind: RefKind; name: string }[] = [
  { key: 'type', kind: 'aircraft-types', name: '机型' },
  { key: 'airline', kind: 'airlines', name: '航司' },
  { key: 'airport', kind: 'airports', name: '机场' },
];

/** The filters of /search; every change goes straight to the URL. */
export default function FiltersPanel({
  params,
  change,
}: {
  params: Record<string, string>;
  change: (changes: Partial<Record<SearchKey, string | null>>) => void;
}) {
  const commitReg = (value: string) => {
    if (value.trim() !== (params.reg ?? '')) change({ reg: value });
  };
  return (
    <div className="search-filters" id="search-filters" data-testid="search-filters">
      <div className="filter-field">
        <label htmlFor="filter-reg">注册号</label>
        <input
          id="filter-reg"
          key={params.reg ?? ''}
          defaultValue={params.reg ?? ''}
          placeholder="如 B-1234"
          autoComplete="off"
          onBlur={(e) => commitReg(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commitReg(e.currentTarget.value);
            }
          }}
          data-testid="filter-reg"
        />
      </div>
      {REF_FILTERS.map(({ key, kind, name }) => (
        <RefPicker
          key={key}
          kind={kind}
          label={name}
          value={params[key] ? { id: Number(params[key]), label: labelOf(key, params[key]) } : null}
          onChange={(picked) => {
            if (picked) rememberLabel(key, picked.id, picked.label);
            change({ [key]: picked ? String(picked.id) : null });
          }}
        />
      ))}
      <div className="filter-field">
        <label htmlFor="filter-cat">分类</label>
        <select
          id="filter-cat"
          value={params.cat ?? ''}
          onChange={(e) => change({ cat: e.target.value })}
          data-testid="filter-cat"
        >
          <option value="">全部分类</option>
          {CATEGORIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.zh}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-field">
        <label htmlFor="filter-from">拍摄日期</label>
        <div className="date-range">
          <input
            id="filter-from"
            type="date"
            value={params.from ?? ''}
            max={params.to}
            onChange={(e) => change({ from: e.target.value })}
            aria-label="拍摄日期起"
            data-testid="filter-from"
          />
          <span>至</span>
          <input
            type="date"
            value={params.to ?? ''}
            min={params.from}
            onChange={(e) => change({ to: e.target.value })}
            aria-label="拍摄日期止"
            data-testid="filter-to"
          />
        </div>
      </div>
      <div className="filter-field">
        <span className="filter-label">摄影师</span>
        {params.user ? (
          <div className="ref-picked">
            <span>{labelOf('user', params.user)}</span>
            <button type="button" className="chip-x" aria-label="清除摄影师" onClick={() => change({ user: null })}>
              ×
            </button>
          </div>
        ) : (
          <p className="muted filter-hint">在搜索框输入摄影师名，或在图片页点击摄影师</p>
        )}
      </div>
      {(['airframe', 'livery'] as const).map(
        (key) =>
          params[key] && (
            <div className="filter-field" key={key}>
              <span className="filter-label">{key === 'airframe' ? '机身' : '涂装'}</span>
              <div className="ref-picked" data-testid={`filter-${key}`}>
                <span>{labelOf(key, params[key])}</span>
                <button
                  type="button"
                  className="chip-x"
                  aria-label={`清除${key === 'airframe' ? '机身' : '涂装'}`}
                  onClick={() => change({ [key]: null })}
                >
                  ×
                </button>
              </div>
            </div>
          ),
      )}
      <label className="filter-check">
        <input
          type="checkbox"
          checked={params.featured === '1'}
          onChange={(e) => change({ featured: e.target.checked ? '1' : null })}
          data-testid="filter-featured"
        />
        只看编辑精选
      </label>
    </div>
  );
}
