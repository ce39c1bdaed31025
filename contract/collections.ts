import { photoCard } from './gallery.js';
import { MAX_ID } from './limits.js';
import { text, trimmedText, z } from './zod.js';

// 收藏 (issue 39, item 7): a member's collections of accepted photos, each private or public, with a page of
// its own (/collection/{id}) and, when public, an Atom feed. Only the photos still in the gallery are shown.

export const COLLECTION_LIMITS = { nameMax: 40, descriptionMax: 300, perMember: 100, photosMax: 5_000, page: 48 } as const;

export const COLLECTION_MESSAGES = {
  created: '已创建收藏夹',
  saved: '已保存',
  deleted: '已删除收藏夹',
  added: '已加入收藏夹',
  removed: '已移出收藏夹',
  gone: '收藏夹不存在',
  photoGone: '照片不存在或已不在图库中',
  userGone: '用户不存在',
  needName: '请填写收藏夹名称',
  nameTooLong: `名称最多 ${COLLECTION_LIMITS.nameMax} 个字`,
  descriptionTooLong: `简介最多 ${COLLECTION_LIMITS.descriptionMax} 个字`,
  tooMany: `每人最多 ${COLLECTION_LIMITS.perMember} 个收藏夹`,
  full: `一个收藏夹最多 ${COLLECTION_LIMITS.photosMax} 张照片`,
} as const;

const name = trimmedText(COLLECTION_LIMITS.nameMax, COLLECTION_MESSAGES.nameTooLong).min(1, COLLECTION_MESSAGES.needName);
const description = trimmedText(COLLECTION_LIMITS.descriptionMax, COLLECTION_MESSAGES.descriptionTooLong);
const visibility = z.boolean('公开需为 true 或 false');
const idParam = () => z.coerce.number().int('编号需为整数').positive('编号需为正数').max(MAX_ID, '编号过大');

export const newCollection = z.strictObject({
  name,
  description: description.default(''),
  public: visibility.default(false),
});
export type NewCollection = z.infer<typeof newCollection>;

export const collectionUpdate = z.strictObject({
  name: name.optional(),
  description: description.optional(),
  public: visibility.optional(),
});
export type CollectionUpdate = z.infer<typeof collectionUpdate>;

export const collectionParams = z.object({ id: idParam() });
export const collectionPhotoParams = z.object({ id: idParam(), photoId: idParam() });

export const collectionsQuery = z.object({
  /** The viewer's own collections say whether each holds this photo (the photo page's 收藏 menu). */
  photo: idParam().optional(),
});
export type CollectionsQuery = z.infer<typeof collectionsQuery>;

export const collectionPageQuery = z.object({ cursor: text(30).optional() });

export const collectionSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  public: z.boolean(),
  owner: z.object({ id: z.number().int(), username: z.string() }),
  /** Photos still in the gallery. */
  photoCount: z.number().int(),
  /** The photo added last, as its card: the collection's cover. */
  cover: photoCard.nullable(),
  updatedAt: z.number().int(),
  /** With `?photo=`: whether it holds that photo. */
  contains: z.boolean().optional(),
});
export type CollectionSummary = z.infer<typeof collectionSummary>;

export const collectionsResponse = z.object({ items: z.array(collectionSummary) });
export type CollectionsResponse = z.infer<typeof collectionsResponse>;

export const collectionResponse = z.object({ message: z.string(), collection: collectionSummary });

export const collectionPage = z.object({
  collection: collectionSummary,
  /** Its photos, the one added last first. */
  items: z.array(photoCard),
  nextCursor: z.string().nullable(),
  /** The viewer owns it: they may rename it, change who sees it, remove photos and delete it. */
  own: z.boolean(),
});
export type CollectionPage = z.infer<typeof collectionPage>;
