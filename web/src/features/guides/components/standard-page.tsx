import { REJECT_REASONS } from '@contract/catalogues';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

// What each reject reason asks for beyond its short guide text: how to avoid it.
const MORE: Partial<Record<(typeof REJECT_REASONS)[number]['code'], string>> = {
  exposure: '看直方图：天空不应大片顶到最右端，机身暗部也不应堆在最左端。白色机身在阳光下最容易过曝。',
  contrast: '雾霾天和逆光下常见。适度提高对比度、压暗天空，但不要让阴影里的涂装变黑。',
  light: '最好的光线是太阳在身后、高度不高的时候。正午顶光会让机身下半部分陷入阴影。',
  color: '以白色机身或跑道标志为参照校正白平衡；饱和度宁可少一点，也不要让蓝天发紫。',
  blur: '起降的飞机至少用 1/500 秒以上的快门；拍地面滑行或追随拍摄时要平稳地转动相机。',
  sharpness: '对焦点放在机头或驾驶舱附近。锐化以 100% 查看时看不到白边为度。',
  noise: '光线不足时宁可提高 ISO 也不要糊片，但后期降噪要适度，保留机身的铆钉和文字细节。',
  jpeg: '导出时质量设在 90 以上，不要反复保存同一张 JPEG。',
  vignette: '大多数后期软件都有镜头校正；遮光罩可以减少眩光。',
  dust: '把照片放大到 100%，沿着天空仔细检查一遍，用修复工具去掉脏点。',
  horizon: '以地平线、塔台或航站楼的竖线为参照旋转校正；地面照片的跑道边线通常应当水平。',
  centering: '飞机的重心大致在画面中央，机头前方可以略多留一点空间。',
  crop: '整架飞机都应在画面内（特写除外），四周留白适中；常见的画幅比例是 3:2 或 4:3。',
  angle: '能看清机身涂装和注册号的角度最好。只拍到尾翼或机腹的照片请作为特写单独说明。',
  obstruction: '围栏、灯杆、其他飞机挡住机身的关键部位时，请换个位置或时机。',
  clutter: '前景中的杂物、车辆和人群会分散注意力；如果是有意的构图，请在留言中说明。',
  heat: '夏天的午后和长焦远距离最容易出现热浪，可以选择清晨、傍晚或离得近一些。',
  reflection: '强烈的镜面反光会让机身一片白；换个角度或等太阳位置变化。',
  info: '上传前核对注册号、机型、航司和机场；不确定时可以在给审图员的留言中说明。待审期间可以在待审队列里修改。',
  content: '请避开可辨认的人脸和私人信息；不接受带有他人水印或与航空无关的照片。',
  military:
    '很多机场军民合用。军事禁区、限制区域和军事设施不得拍摄，军用航空器只在航展、开放日等允许摄影的场合拍摄。详见上传指南中的“哪些不能拍”。',
  quality: '照片没有明显的单项问题，但整体效果未达到图库的水平。多看看图库里的精选照片，会很有帮助。',
};

/** The screening standard: the principles, then one section per reject reason (linked from rejections). */
export function Component() {
  const { hash } = useLocation();
  // The page arrives after the browser looked for the #reason anchor: scroll to it ourselves.
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <article className="panel guide" data-testid="guide-standard">
      <h1>审图标准</h1>
      <p className="lead">
        每张上传的照片都由审图员按照这份标准审核。被退回时，退图原因会链接到下面对应的说明。想了解上传步骤，请看
        <Link to="/guide/upload">上传指南</Link>。
      </p>
      <section>
        <h2>基本原则</h2>
        <ul>
          <li>主体清晰、曝光正确、色彩自然，是所有照片的共同要求。</li>
          <li>照片应当是你本人拍摄，信息（注册号、机型、航司、机场、日期）与画面一致。</li>
          <li>后期处理以还原真实为准：可以裁切、校正、适度调整，不可以合成或改变飞机的外观。</li>
          <li>审图员依据的是整张照片的观感；一张照片可能同时有几个原因。</li>
        </ul>
      </section>
      <nav className="guide-toc" aria-label="退图原因">
        {REJECT_REASONS.map((r) => (
          <a key={r.code} href={`#${r.code}`}>
            {r.title}
          </a>
        ))}
      </nav>
      {REJECT_REASONS.map((r) => (
        <section
          key={r.code}
          id={r.code}
          className={`guide-reason${hash === `#${r.code}` ? ' is-target' : ''}`}
          data-testid="reason"
        >
          <h2>{r.title}</h2>
          <p>{r.guide}</p>
          {MORE[r.code] && <p className="muted">{MORE[r.code]}</p>}
        </section>
      ))}
      <section>
        <h2>不同意审核结果？</h2>
        <p>
          退图后 14 天内，可以在<Link to="/queue/reject">我的退图</Link>
          中对每张照片申诉一次，写明理由；由没有参与这次审核的资深审图员复核， 复核结果为最终结果。
        </p>
      </section>
    </article>
  );
}
