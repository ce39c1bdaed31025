// "May this user do this to this thing", answered once per resource (issue 35, item 3). Services and
// route configs ask these; answers the web needs travel in the API (`can` on a photo, the dashboard,
// votes and the photo-of-the-week archive; `readOnlyReason` on the screening page).
export { members } from './members.js';
export { photos } from './photos.js';
export { potw } from './potw.js';
export { reference } from './reference.js';
export { reports } from './reports.js';
export { screening } from './screening.js';
export { votes } from './votes.js';
export { atLeast, type Viewer } from './viewer.js';
