import type { PhotoMeta, UploadResponse } from '@contract/photos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/api.js';
import { uploadKeys } from './keys.js';

export function uploadPhoto(file: File, meta: PhotoMeta, onProgress: (fraction: number) => void): Promise<UploadResponse> {
  const form = new FormData();
  // meta first: the server reads parts in order and can refuse bad facts before the file ends.
  form.append('meta', JSON.stringify(meta));
  form.append('file', file, file.name);
  // The page's result says 上传成功 in full; a notice saying it again would be the second time.
  return uploadWithProgress<UploadResponse>('/photos', form, onProgress, { successNotice: false });
}

export function useUploadPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, meta, onProgress }: { file: File; meta: PhotoMeta; onProgress: (fraction: number) => void }) =>
      uploadPhoto(file, meta, onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: uploadKeys.queues }),
  });
}
