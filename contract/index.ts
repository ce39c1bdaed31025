export * from './limits.js';
export * from './texts.js';
export * from './errors.js';
export * from './accounts.js';
export * from './site.js';
export * from './photos.js';
export * from './reference.js';
