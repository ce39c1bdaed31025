import type { ReportAction, ReportTarget } from '../../../contract/reports.js';
import { atLeast, LEVELS, type Viewer } from './viewer.js';

/** 举报 (issue 38): members report; screeners handle the reports, never of their own photo, message or account. */
export const reports = {
  /** Reporting (its route's level). */
  level: LEVELS.member,
  /** The report queue and its decisions (their routes' level). */
  handleLevel: LEVELS.screener,
  /**
   * What this viewer may do with a thing's open reports. `involved`: the viewer owns the photo, sent the
   * message, is the member reported, or reported it themself. `live`: the photo can still be withheld
   * (accepted, or hidden by reports) or the message hidden. `hidden`: a photo hidden by reports waits for
   * a decision on it, withhold or dismiss, never a 已处理 that would leave it hidden.
   */
  actionsFor(viewer: Viewer, thing: { type: ReportTarget; involved: boolean; live: boolean; hidden: boolean }): ReportAction[] {
    if (!atLeast(viewer, LEVELS.screener) || thing.involved) return [];
    const act: ReportAction[] = [];
    if (thing.type === 'photo' && thing.live) act.push('withhold');
    if (thing.type === 'message' && thing.live) act.push('hide');
    return thing.hidden ? [...act, 'dismiss'] : [...act, 'handled', 'dismiss'];
  },
};
