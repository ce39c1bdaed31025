export { categoryName, factValue, FACT_NAMES, formatTime, STATE_NAMES } from '../../../lib/screening-texts.js';

export const formatDate = (ms: number) => new Date(ms).toLocaleDateString('zh-CN');

/** `/search?…` for one or more parameters. */
export const searchLink = (params: Record<string, string | number>) =>
  `/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
