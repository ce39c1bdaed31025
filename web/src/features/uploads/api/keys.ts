import { photoKeys, queueKeys } from '../../../lib/query-keys.js';

// The uploads feature's query keys. The own queues sit under the shared `queue` root, which the
// owner's edit (lib/edit-photo.ts) refreshes.
export const uploadKeys = {
  queues: queueKeys.all,
  uploadQueue: [...queueKeys.all, 'upload'] as const,
  rejectQueue: [...queueKeys.all, 'reject'] as const,
  duplicates: (phash: string | null, sha256: string | null) => [...photoKeys.all, 'duplicates', phash, sha256] as const,
  registration: (registration: string | null) => ['registrations', registration] as const,
};
