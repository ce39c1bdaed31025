import { NO_REGISTRATION } from '@contract/catalogues';
import type { PhotoResponse } from '@contract/photos';
import { registrationCountry } from '@contract/registrations';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FactList } from '../../../components/fact-list.js';
import { FollowButton } from '../../../components/follow-button.js';
import { SightingButton } from '../../../components/sighting-button.js';
import { categoryName, formatDate, searchLink } from '../lib/texts.js';

/** The facts of a photo, each a link to the search for it (§3.4). */
export function PhotoFacts({ photo }: { photo: PhotoResponse }) {
  const country = registrationCountry(photo.registration);
  const rows: [string, ReactNode][] = [
    [
      '注册号',
      photo.registration === NO_REGISTRATION ? (
        '无注册号'
      ) : (
        <>
          <Link to={searchLink({ reg: photo.registration })}>{photo.registration}</Link>
          {country && (
            <span className="fact-aside" data-testid="fact-registration-country">
              {country.country}
            </span>
          )}
          <FollowButton kind="registration" target={photo.registration} />
        </>
      ),
    ],
  ];
  if (photo.airframeId !== null) {
    rows.push([
      '机身',
      <>
        <Link to={`/airframe/${photo.airframeId}`} data-testid="fact-airframe">
          这架飞机的履历
        </Link>
        <FollowButton kind="airframe" target={String(photo.airframeId)} />
        <SightingButton airframeId={photo.airframeId} />
      </>,
    ]);
  }
  // `msn:` finds the aircraft's photos under every registration; an MSN with a space is searched as words.
  if (photo.msn) {
    const q = photo.airframeId !== null && !/\s/.test(photo.msn) ? `msn:${photo.msn}` : photo.msn;
    rows.push(['MSN', <Link to={searchLink({ q })}>{photo.msn}</Link>]);
  }
  if (photo.aircraftType)
    rows.push([
      '机型',
      <>
        <Link to={searchLink({ type: photo.aircraftType.id })}>{photo.aircraftType.label}</Link>
        <FollowButton kind="type" target={String(photo.aircraftType.id)} />
      </>,
    ]);
  if (photo.airline)
    rows.push([
      '航司',
      <>
        <Link to={searchLink({ airline: photo.airline.id })}>{photo.airline.label}</Link>
        <FollowButton kind="airline" target={String(photo.airline.id)} />
      </>,
    ]);
  if (photo.livery) {
    rows.push([
      '涂装',
      <Link to={`/livery/${photo.livery.id}`} data-testid="fact-livery">
        {photo.livery.name}
      </Link>,
    ]);
  }
  if (photo.inFlight) rows.push(['机场', '空中拍摄']);
  else if (photo.airport)
    rows.push([
      '机场',
      <>
        <Link to={searchLink({ airport: photo.airport.id })}>{photo.airport.label}</Link>
        <FollowButton kind="airport" target={String(photo.airport.id)} />
      </>,
    ]);
  rows.push(['拍摄日期', <Link to={searchLink({ from: photo.takenOn, to: photo.takenOn })}>{photo.takenOn}</Link>]);
  if (photo.categories.length > 0) {
    rows.push([
      '分类',
      photo.categories.map((c, i) => (
        <Fragment key={c}>
          {i > 0 && '、'}
          <Link to={searchLink({ cat: c })}>{categoryName.get(c) ?? c}</Link>
        </Fragment>
      )),
    ]);
  }
  rows.push([
    '摄影师',
    <>
      <Link to={searchLink({ user: photo.uploader.id })} data-testid="fact-photographer">
        {photo.uploader.username}
      </Link>
      <Link className="fact-aside" to={`/user/${photo.uploader.id}`} data-testid="fact-user-page">
        个人主页
      </Link>
      <FollowButton kind="photographer" target={String(photo.uploader.id)} />
      {photo.ipRegion && (
        <span className="fact-aside ip-region" data-testid="photo-ip-region">
          IP属地：{photo.ipRegion}
        </span>
      )}
    </>,
  ]);
  if (photo.decidedAt !== null && photo.state === 'accepted') rows.push(['通过日期', formatDate(photo.decidedAt)]);
  return <FactList rows={rows} testId="photo-facts" />;
}

/** Camera, lens and exposure, each only when the file carried it. */
export function ExifPanel({ exif }: { exif: PhotoResponse['exif'] }) {
  const rows: [string, ReactNode][] = [];
  if (exif.camera) rows.push(['相机', exif.camera]);
  if (exif.lens) rows.push(['镜头', exif.lens]);
  if (exif.focalLength !== null) rows.push(['焦距', `${exif.focalLength} mm`]);
  if (exif.aperture !== null) rows.push(['光圈', `f/${exif.aperture}`]);
  if (exif.shutter) rows.push(['快门', `${exif.shutter.replace(/s$/, '')} 秒`]);
  if (exif.iso !== null) rows.push(['ISO', exif.iso]);
  return (
    <section className="photo-panel" aria-label="EXIF 信息">
      <h2>拍摄参数</h2>
      {rows.length > 0 ? <FactList rows={rows} testId="photo-exif" /> : <p className="muted">没有 EXIF 信息</p>}
    </section>
  );
}
