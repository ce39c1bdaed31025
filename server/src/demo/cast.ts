// The demo's people and their words: photographers with Chinese nicknames, a home airport and a
// camera; the screening team; what screeners write when they refuse, escalate or put a photo to the
// vote; what members write in remarks and appeals.
import type { Exif, Flaw, Framing, Light } from './scene.js';

export interface Person {
  username: string;
  level: number;
  /** IATA code of the airport they shoot at most. */
  home: string;
  /** How many photos they upload, against the others (0: none). */
  weight: number;
}

export const TEAM: Person[] = [
  { username: '航迹站长', level: 3, home: 'PEK', weight: 1 },
  { username: '老鹰看跑道', level: 2, home: 'PVG', weight: 2 },
  { username: '浦东守望者', level: 2, home: 'PVG', weight: 1 },
  { username: '跑道尽头', level: 1, home: 'CAN', weight: 2 },
  { username: '云层之上', level: 1, home: 'CTU', weight: 1 },
  { username: '虹桥西跑道', level: 1, home: 'SHA', weight: 0 },
];

export const PHOTOGRAPHERS: Person[] = [
  ['云端飞友', 'PEK', 9],
  ['首都机场西跑道', 'PEK', 6],
  ['大兴南跑道', 'PKX', 5],
  ['长焦老王', 'PVG', 7],
  ['虹桥拍机人', 'SHA', 4],
  ['白云山下', 'CAN', 6],
  ['深圳湾拍机', 'SZX', 4],
  ['天府拍机', 'TFU', 5],
  ['成都双流控', 'CTU', 4],
  ['昆明长水客', 'KMG', 3],
  ['咸阳机场拍客', 'XIY', 3],
  ['萧山飞友', 'HGH', 3],
  ['江北拍机', 'CKG', 3],
  ['高崎看飞机', 'XMN', 3],
  ['美兰的风', 'HAK', 2],
  ['乌市拍机人', 'URC', 2],
  ['禄口追机', 'NKG', 2],
  ['滨海蓝天', 'TSN', 2],
  ['香港拍機佬', 'HKG', 3],
  ['落日余晖', 'CAN', 2],
  ['雨天也拍机', 'SHA', 1],
  ['逆光少年', 'PVG', 1],
  ['凤凰山飞友', 'SYX', 1],
  ['长乐看飞机', 'FOC', 1],
  ['胶东飞友', 'TAO', 1],
  ['小透明拍机', 'PKX', 1],
].map(([username, home, weight]) => ({ username: username as string, level: 0, home: home as string, weight: weight as number }));

/** Every airport the demo names, by IATA code (the reference data's airports). */
export const AIRPORTS = [...new Set([...TEAM, ...PHOTOGRAPHERS].map((p) => p.home))];

const KITS: Omit<Exif, 'focalLength' | 'aperture' | 'shutter' | 'iso' | 'takenAt'>[] = [
  { make: 'Canon', model: 'Canon EOS R5', lens: 'RF100-500mm F4.5-7.1 L IS USM' },
  { make: 'Canon', model: 'Canon EOS 5D Mark IV', lens: 'EF100-400mm f/4.5-5.6L IS II USM' },
  { make: 'Canon', model: 'Canon EOS R6m2', lens: 'RF100-400mm F5.6-8 IS USM' },
  { make: 'Canon', model: 'Canon EOS 90D', lens: 'EF70-300mm f/4-5.6 IS II USM' },
  { make: 'NIKON CORPORATION', model: 'NIKON Z 8', lens: 'NIKKOR Z 100-400mm f/4.5-5.6 VR S' },
  { make: 'NIKON CORPORATION', model: 'NIKON D850', lens: 'AF-S NIKKOR 200-500mm f/5.6E ED VR' },
  { make: 'SONY', model: 'ILCE-7RM4', lens: 'FE 200-600mm F5.6-6.3 G OSS' },
  { make: 'SONY', model: 'ILCE-1', lens: 'FE 100-400mm F4.5-5.6 GM OSS' },
  { make: 'FUJIFILM', model: 'X-T5', lens: 'XF100-400mmF4.5-5.6 R LM OIS WR' },
];

/** One person's camera and this picture's settings, as the light asks. */
export function exifFor(personIndex: number, light: Light, framing: Framing, takenAt: string, rand: () => number): Exif {
  const kit = KITS[personIndex % KITS.length]!;
  const bright = light === 'noon' ? 1 : light === 'overcast' ? 0.5 : light === 'night' ? 0.05 : 0.35;
  const shutters = bright > 0.8 ? [1000, 1250, 1600, 2000] : bright > 0.3 ? [500, 640, 800, 1000] : [60, 80, 100, 125];
  const isos = bright > 0.8 ? [100, 125, 160, 200] : bright > 0.3 ? [320, 400, 640, 800] : [1600, 3200, 6400];
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  // Within the lens's range, as its name says it (100-500mm).
  const [shortest, longest] = (/(\d+)-(\d+)mm/i.exec(kit.lens)?.slice(1) ?? ['70', '600']).map(Number) as [number, number];
  const wanted =
    framing === 'closeup' ? pick([100, 135, 150]) : framing === 'air-to-air' ? pick([70, 100]) : pick([200, 250, 300, 400, 500]);
  return {
    ...kit,
    focalLength: Math.min(longest, Math.max(shortest, wanted)),
    aperture: pick([5.6, 6.3, 7.1, 8]),
    shutter: framing === 'takeoff' || framing === 'landing' ? Math.max(250, pick(shutters)) : pick(shutters),
    iso: pick(isos),
    takenAt,
  };
}

/** What a member writes under a photo, now and then. */
export const REMARKS: Partial<Record<Framing | Light, string[]>> = {
  dawn: ['清晨第一班，等到了侧光', '日出后半小时，机身一片暖色', '早起值得，晨光正好'],
  dusk: ['傍晚的光线刚好打在机身上', '落日余晖里滑行', '黄昏时分，天空很给力'],
  overcast: ['阴天光线柔和，涂装细节都在', '云层很厚，好在机身干净'],
  night: ['夜航，ISO 拉得有点高', '夜里的跑道灯很漂亮'],
  takeoff: ['抬轮瞬间', '满载起飞，拉升很慢', '起飞后收轮前的一刻'],
  landing: ['落地前的最后几秒', '襟翼全开，稳稳进近', '五边进近，风有点大'],
  taxi: ['滑行道上慢慢经过', '等待起飞的间隙'],
  closeup: ['近距离看细节', '停机坪边上拍到的'],
  'air-to-air': ['航班上从舷窗拍到的同行'],
};

export interface Refusal {
  flaw: Flaw | null;
  reasons: string[];
  message: string;
  /** The member's appeal, when they make one, and whether the senior screener agrees. */
  appeal: { note: string; won: boolean; answer: string } | null;
}

export const REFUSALS: Refusal[] = [
  { flaw: 'blur', reasons: ['blur'], message: '机身有明显的运动模糊，建议提高快门速度。', appeal: null },
  { flaw: 'exposure', reasons: ['exposure'], message: '整体曝光不足，机身细节丢失，可以提亮后重新上传。', appeal: null },
  {
    flaw: 'horizon',
    reasons: ['horizon'],
    message: '地平线向右倾斜约 3 度，请以跑道或航站楼为参照校正。',
    appeal: {
      note: '我对照了航站楼的竖线，感觉是跑道本身有坡度，请再看一下。',
      won: false,
      answer: '复核后地平仍明显倾斜，维持原判，欢迎校正后重新上传。',
    },
  },
  { flaw: 'centering', reasons: ['centering'], message: '飞机偏向画面一侧，请重新裁切使主体居中。', appeal: null },
  { flaw: 'crop', reasons: ['crop'], message: '机头被裁掉了，请保留完整的机身。', appeal: null },
  { flaw: 'color', reasons: ['color'], message: '画面整体偏黄，请校正白平衡。', appeal: null },
  { flaw: 'obstruction', reasons: ['obstruction', 'clutter'], message: '灯杆挡住了机身中段。', appeal: null },
  { flaw: 'noise', reasons: ['noise', 'quality'], message: '噪点过多，细节被噪点淹没，建议降低 ISO 或适度降噪。', appeal: null },
  {
    flaw: null,
    reasons: ['info'],
    message: '注册号与照片中的飞机似乎不符，请核对。',
    appeal: {
      note: '机身后部喷涂的注册号清晰可见，与填写的一致，请复核。',
      won: true,
      answer: '复核无误，是我们看错了，接受申诉。',
    },
  },
];

export const ESCALATIONS = ['涂装比较少见，请资深审图员确认一下信息。', '构图处在边缘，请资深审图员定夺。'];
/** Why a screener puts a photo to the vote, and what a senior screener says of the photo of the week, by what it shows. */
export function praise(p: { light: Light; framing: Framing; special: boolean }): { reason: string; comment: string } {
  if (p.special) return { reason: '少见的涂装，画面干净利落', comment: '少见的涂装，拍得完整清晰，值得一看。' };
  if (p.framing === 'takeoff') return { reason: '起飞瞬间抓得很准', comment: '抓住了抬轮的一瞬，动感十足。' };
  if (p.light === 'dusk') return { reason: '黄昏的色彩很漂亮', comment: '暖色的天空衬着机身，干净又有氛围。' };
  if (p.light === 'dawn') return { reason: '清晨侧光，细节丰富', comment: '晨光落在机身上，涂装的层次都出来了。' };
  if (p.framing === 'landing')
    return { reason: '进近姿态漂亮，构图干净', comment: '襟翼、起落架和跑道灯都交代清楚，一张耐看的进近照。' };
  return { reason: '光影和构图都很出色', comment: '光线、姿态和背景都恰到好处，一张教科书式的侧面照。' };
}
