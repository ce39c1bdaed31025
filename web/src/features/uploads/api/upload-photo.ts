import type { PhotoMeta, PhotoResponse } from '@contract/photos';
import { uploadWithProgress } from '../../../lib/api.js';

export function uploadPhoto(file: File, meta: PhotoMeta, onProgress: (fraction: number) => void) {
  const form = new FormData();
  // meta first: the server reads parts in order and can refuse bad facts before the file ends.
  form.append('meta', JSON.stringify(meta));
  form.append('file', file, file.name);
  return uploadWithProgress<{ message: string; photo: PhotoResponse }>('/photos', form, onProgress);
}
