import { CATEGORIES } from '@contract/photos';
import { Link } from 'react-router';
import { FACT_TEXTS as T } from '../../../components/facts-checks.js';
import type { FactsValues } from '../../../components/facts-values.js';
import { FieldMessage } from './facts-inputs.js';

/** The photo's categories, and the uploader's word when one of them is military. */
export function CategoriesFields({
  categories,
  military,
  confirmed,
  errors,
  onChange,
}: {
  categories: readonly string[];
  /** Whether the categories ask for the uploader's word on a military photo. */
  military: boolean;
  confirmed: boolean;
  errors: Partial<Record<'categories' | 'militaryConfirmed', string>>;
  onChange: (patch: Partial<Pick<FactsValues, 'categories' | 'militaryConfirmed'>>) => void;
}) {
  return (
    <>
      <div className={`form-row${errors.categories ? ' has-error' : ''}`} role="group" aria-labelledby="categories-label">
        <div className="form-label" id="categories-label">
          {T.categories.label}
        </div>
        <div className="choice-row">
          {CATEGORIES.map((c) => (
            <label key={c.code} className="choice">
              <input
                type="checkbox"
                checked={categories.includes(c.code)}
                onChange={(e) =>
                  onChange({
                    categories: e.target.checked ? [...categories, c.code] : categories.filter((x) => x !== c.code),
                  })
                }
              />
              {c.zh}
            </label>
          ))}
        </div>
        <FieldMessage id="categories" text={errors.categories} />
      </div>
      {military && (
        <div className={`form-row${errors.militaryConfirmed ? ' has-error' : ''}`}>
          <label className="choice">
            <input
              type="checkbox"
              checked={confirmed}
              onChange={(e) => onChange({ militaryConfirmed: e.target.checked })}
              data-testid="military-confirm"
            />
            {T.militaryConfirmed.label}
          </label>
          <div className="form-extra">
            军用机场、军事设施及其周边常禁止摄影，详见<Link to="/guide/upload#military">上传指南</Link>。
          </div>
          <FieldMessage id="militaryConfirmed" text={errors.militaryConfirmed} />
        </div>
      )}
    </>
  );
}

/** The file's way to the server, then 处理中… while the server makes its renditions and checks. */
export function UploadProgress({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div data-testid="upload-progress">
      <div
        className="progress"
        role="progressbar"
        aria-label="上传进度"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-track">
          <div className="progress-bar" style={{ width: `${percent}%` }} />
        </div>
        <span className="progress-text">{`${percent}%`}</span>
      </div>
      {/* The file has left the browser; renditions and checks take a few seconds more. */}
      {progress >= 1 && (
        <p className="muted" role="status" data-testid="upload-processing" style={{ margin: '0 0 8px' }}>
          处理中…正在生成各尺寸图片并做自动检查
        </p>
      )}
    </div>
  );
}
