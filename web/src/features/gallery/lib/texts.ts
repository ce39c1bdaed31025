export { categoryName, factLines, formatTime, STATE_NAMES } from '../../../lib/screening-texts.js';

export { siteDay as formatDate } from '../../../lib/local-time.js';

/** `/search?…` for one or more parameters. */
export { searchLink } from '../../../lib/search-link.js';
