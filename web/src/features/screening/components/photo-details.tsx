import { readableExifTime } from '@contract/exif';
import { NO_REGISTRATION, type PhotoResponse } from '@contract/photos';
import type { ReactNode } from 'react';
import { categoryName, formatTime } from '../lib/texts.js';

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="fact-list">
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value ?? <span className="muted">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

export const registrationText = (registration: string) => (registration === NO_REGISTRATION ? '无注册号' : registration);

/** All facts of the photo as the uploader gave them (and screeners corrected them). */
export function PhotoFactsList({ photo }: { photo: PhotoResponse }) {
  return (
    <Facts
      rows={[
        ['注册号', registrationText(photo.registration)],
        ['MSN', photo.msn],
        ['Mode S 代码', photo.modeS?.toUpperCase()],
        // Screened first: it would be the aircraft's first photo on the site (issue 39).
        ...(photo.firstCandidate
          ? [['首张', <span data-testid="first-candidate-fact">图库中还没有这架飞机的图片</span>] as [string, ReactNode]]
          : []),
        ['机型', photo.aircraftType?.label],
        ['航司', photo.airline?.label],
        ['机场', photo.inFlight ? '空中拍摄' : photo.airport?.label],
        ['拍摄日期', photo.takenOn],
        ['分类', photo.categories.map((c) => categoryName.get(c) ?? c).join('、')],
        ['公开说明', photo.remark],
        ['尺寸', `${photo.width} × ${photo.height}`],
        ['队列', photo.queue === 'priority' ? '优先队列' : '普通队列'],
        ['上传时间', formatTime(photo.createdAt)],
      ]}
    />
  );
}

export function ExifList({ exif }: { exif: PhotoResponse['exif'] }) {
  const empty = Object.values(exif).every((v) => v === null);
  if (empty) return <p className="muted">没有 EXIF 信息</p>;
  return (
    <Facts
      rows={[
        ['相机', exif.camera],
        ['镜头', exif.lens],
        ['焦距', exif.focalLength !== null ? `${exif.focalLength} mm` : null],
        ['光圈', exif.aperture !== null ? `f/${exif.aperture}` : null],
        ['快门', exif.shutter],
        ['ISO', exif.iso],
        ['拍摄时间', exif.takenAt === null ? null : readableExifTime(exif.takenAt)],
      ]}
    />
  );
}

/** The automatic checks measured at upload, with the advice the uploader saw. */
export function ChecksList({ checks }: { checks: PhotoResponse['checks'] }) {
  if (!checks) return <p className="muted">没有自动检查结果</p>;
  const { red, blue } = checks.colorCast;
  return (
    <>
      <Facts
        rows={[
          ['锐度估计', <span className={checks.sharpness < 60 ? 'warn' : undefined}>{checks.sharpness}</span>],
          ['高光溢出', <span className={checks.clippedHighlights > 2 ? 'warn' : undefined}>{checks.clippedHighlights}%</span>],
          ['暗部死黑', <span className={checks.clippedShadows > 5 ? 'warn' : undefined}>{checks.clippedShadows}%</span>],
          [
            '色偏（红 / 蓝）',
            <span className={Math.abs(red) > 0.08 || Math.abs(blue) > 0.08 ? 'warn' : undefined}>
              {red} / {blue}
            </span>,
          ],
          ['倾斜', checks.tiltDegrees === null ? '未检测到地平线' : `${checks.tiltDegrees}°`],
        ]}
      />
      {checks.advice.length > 0 ? (
        <ul className="advice" data-testid="checks-advice">
          {checks.advice.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">自动检查没有发现问题</p>
      )}
    </>
  );
}
