export { categoryName, factLines, formatTime, STATE_NAMES } from '../../../lib/screening-texts.js';

export const formatDate = (ms: number) => new Date(ms).toLocaleDateString('zh-CN');

/** `/search?…` for one or more parameters. */
export { searchLink } from '../../../lib/search-link.js';
