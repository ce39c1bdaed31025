import type { PhotoPermissions, PhotoState } from '../../../contract/photos.js';
import { atLeast, LEVELS, type Viewer } from './viewer.js';
import { votes } from './votes.js';
import { potw } from './potw.js';

/** May this viewer do this to this photo (PRODUCT.md §4, §7): one answer for services, routes and the web. */
export const photos = {
  /** Uploading, editing one's own, liking: any member (the routes' level). */
  memberLevel: LEVELS.member,
  /** A photo not (or no longer) public, its original and its screening history: its owner and screeners. */
  maySeeUnpublished: (viewer: Viewer, photo: { uploaderId: number }): boolean =>
    viewer !== null && (viewer.id === photo.uploaderId || atLeast(viewer, LEVELS.screener)),
  /** The facts, a withdrawal, a deletion: the owner only. */
  isOwner: (viewer: Viewer, photo: { uploaderId: number }): boolean => viewer !== null && viewer.id === photo.uploaderId,
  /** What the photo page offers this viewer beyond reading it. */
  permissions(viewer: Viewer, photo: { uploader: { id: number }; state: PhotoState }): PhotoPermissions {
    const othersAccepted = viewer !== null && viewer.id !== photo.uploader.id && photo.state === 'accepted';
    return {
      screeningHistory: atLeast(viewer, LEVELS.screener),
      openVote: othersAccepted && votes.mayOpen(viewer),
      pickPotw: othersAccepted && potw.mayPick(viewer),
    };
  },
};
