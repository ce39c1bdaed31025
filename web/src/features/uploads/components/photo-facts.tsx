import { CATEGORIES, NO_REGISTRATION, type PhotoResponse } from '@contract/photos';

const categoryName = new Map<string, string>(CATEGORIES.map((c) => [c.code, c.zh]));

/** The facts line of a photo in the member's own lists. */
export function PhotoFacts({ photo }: { photo: PhotoResponse }) {
  return (
    <>
      <h3>
        {photo.registration === NO_REGISTRATION ? '无注册号' : photo.registration}
        {photo.aircraftType && <span className="muted"> · {photo.aircraftType.label}</span>}
      </h3>
      <p>
        {[photo.airline?.label, photo.inFlight ? '空中拍摄' : photo.airport?.label, photo.takenOn].filter(Boolean).join(' · ')}
      </p>
      <p className="muted">{photo.categories.map((c) => categoryName.get(c) ?? c).join('、')}</p>
    </>
  );
}
