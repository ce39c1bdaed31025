import { request } from '../../../lib/api.js';

export async function checkDuplicates(phash: string): Promise<{ photoId: number; distance: number }[]> {
  try {
    return (
      await request<{ items: { photoId: number; distance: number }[] }>('GET', `/photos/duplicates?phash=${phash}`, undefined, {
        quiet: true,
      })
    ).items;
  } catch {
    return [];
  }
}
