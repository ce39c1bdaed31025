import { formatRegistration } from '@contract/registrations';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.js';
import { useAirframes } from '../api/list-airframes.js';
import { AirframeList } from './airframe-list.js';
import './airframes.css';
import { FollowButton } from '../../../components/follow-button.js';

/** `/reg/{registration}`: the aircraft that carried it, the one that carried it last first. */
export function Component() {
  const typed = (useParams().registration ?? '').toUpperCase().slice(0, 15);
  // Written as its country writes it, as the photos are: /reg/b30ee is B-30EE.
  const reg = formatRegistration(typed) ?? typed;
  const result = useAirframes({ reg });
  usePageTitle(`${reg} 的机身`);
  return (
    <div className="airframe-page" data-testid="registration-page">
      <header className="airframe-head">
        <h1>{reg}</h1>
        <FollowButton kind="registration" target={reg} className="head-follow" />
        <p className="muted">
          用过这个注册号的飞机，最近的在前。
          <Link to={`/search?reg=${encodeURIComponent(reg)}&sort=taken`}>这个注册号的全部照片</Link>
        </p>
      </header>
      <AirframeList result={result} empty="图库中还没有这个注册号的飞机。" testId="registration" />
    </div>
  );
}
