// A photo file's rules and messages, without zod: the upload form's first screen (issue 34, item 24)
// checks a picked file and places the watermark with them before the schema library has loaded.
// photos.ts re-exports them, beside the schemas.
import { UPLOAD_LIMITS } from './catalogues.js';

export const PHOTO_MESSAGES = {
  militaryUnconfirmed: '选择“军用航空器”分类时，请确认照片拍摄于允许摄影的地点，且不含军事敏感内容',
  notJpeg: '图片格式必须为 JPEG',
  tooLarge: '图片不能超过 15 MB',
  longEdge: '图片长边需在 1280–4096 像素之间',
  shortEdge: '图片短边需至少 720 像素',
  tooManyPixels: '图片像素总数不能超过 4000 万',
  corrupt: '图片文件已损坏或不完整',
  missingFile: '请选择照片',
  missingMeta: '缺少图片信息',
  queueFull: '队列已满',
  registrationFull: '同一注册号最多 3 张待审图片',
  unknownType: '机型不存在',
  unknownAirline: '航空公司不存在',
  unknownAirport: '机场不存在',
  airportRequired: '请选择机场，或勾选空中拍摄',
  uploaded: '上传成功，已进入审图队列',
  withdrawn: '已撤回，队列名额已释放',
  deleted: '已删除',
  busy: '服务器正忙，请稍后再试',
  uploadsInFlight: '你已有照片正在上传处理，请等它们完成后再上传',
  malformedUpload: '上传内容格式有误',
  backToQueue: '已保存：关键信息有变动，照片重新进入审图队列',
  saved: '已保存',
  notEditable: '只有待审或已通过的图片可以修改',
  beingScreened: '该照片正在审核中或刚有变化，请稍后再修改',
  notWithdrawable: '只有待审图片可以撤回',
  futureDate: '拍摄日期不能晚于今天',
  tooEarlyDate: '拍摄日期不能早于 1903-12-17（人类首次动力飞行）',
  suggested: '已提交，等待审图员审核',
  added: '已添加',
  /** A photo that is not there for this viewer: missing, deleted, or not accepted and not theirs. */
  notFound: '图片不存在',
  /** What only the photo's uploader may do. */
  onlyUploader: '只有上传者可以执行此操作',
} as const;

/** The frame as shown: EXIF orientations 5–8 turn it a quarter. */
export function frameAsShown(stored: { width: number; height: number }, orientation: number | undefined) {
  const turned = (orientation ?? 1) >= 5;
  return turned ? { width: stored.height, height: stored.width } : { width: stored.width, height: stored.height };
}

/**
 * The pixel limits of §5.1 on the frame as shown: EXIF orientations 5–8 turn it a quarter, so a
 * portrait stored as 4000×3000 is checked as 3000×4000. The reason is the text both sides show.
 */
export function checkPixelSize(
  stored: { width: number; height: number },
  orientation: number | undefined,
): { ok: true; width: number; height: number } | { ok: false; reason: string } {
  const { width, height } = frameAsShown(stored, orientation);
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (width * height > UPLOAD_LIMITS.maxPixels) return { ok: false, reason: PHOTO_MESSAGES.tooManyPixels };
  if (long < UPLOAD_LIMITS.minLongEdge || long > UPLOAD_LIMITS.maxLongEdge) return { ok: false, reason: PHOTO_MESSAGES.longEdge };
  if (short < UPLOAD_LIMITS.minShortEdge) return { ok: false, reason: PHOTO_MESSAGES.shortEdge };
  return { ok: true, width, height };
}

/** Width and height of a copy whose long edge is at most `edge` (never enlarged). */
export function fitWithin(width: number, height: number, edge: number): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= edge) return { width, height };
  return { width: Math.max(1, Math.round((width * edge) / long)), height: Math.max(1, Math.round((height * edge) / long)) };
}

// The site mark on public renditions: a square 12 % of the long edge at scale 1.
export const WATERMARK_LIMITS = {
  share: 0.12,
  minSize: 16,
  scale: { min: 0.5, max: 1.5, step: 0.05 },
  opacity: { min: 0.3, max: 0.7, step: 0.05 },
} as const;

/** x/y are the mark's centre in the original's pixels (upright), whatever size it is drawn at. */
export interface Watermark {
  x: number;
  y: number;
  scale: number;
  opacity: number;
}

/** Where the mark starts: near the lower right corner, half opaque, at scale 1. */
export function defaultWatermark(original: { width: number; height: number }): Watermark {
  return { x: Math.round(original.width * 0.88), y: Math.round(original.height * 0.85), scale: 1, opacity: 0.5 };
}

/**
 * The mark's square in a frame of `frame` pixels (a rendition, or the original itself for the
 * editor's preview): its side, and its top-left corner, kept whole inside the frame.
 */
export function watermarkBox(
  w: Watermark,
  original: { width: number; height: number },
  frame: { width: number; height: number },
): { size: number; left: number; top: number } {
  const factor = frame.width / original.width;
  const size = Math.max(
    WATERMARK_LIMITS.minSize,
    Math.round(Math.max(frame.width, frame.height) * WATERMARK_LIMITS.share * w.scale),
  );
  const left = Math.min(Math.max(0, Math.round(w.x * factor - size / 2)), frame.width - size);
  const top = Math.min(Math.max(0, Math.round(w.y * factor - size / 2)), frame.height - size);
  return { size, left, top };
}
