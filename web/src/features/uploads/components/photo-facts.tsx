import { CATEGORIES, NO_REGISTRATION, type PhotoResponse } from '@contract/photos';
import type { ReactNode } from 'react';
import { PhotoThumb } from '../../../components/photo-thumb.js';

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

/** One of the member's own photos in a list: thumbnail (while its files exist), facts, then extras. */
export function OwnPhotoItem({ photo, testId, children }: { photo: PhotoResponse; testId: string; children: ReactNode }) {
  return (
    <div className="queue-item" data-testid={testId}>
      {photo.renditions.length > 0 && (
        <PhotoThumb
          thumbhash={photo.thumbhash}
          width={photo.width}
          height={photo.height}
          renditions={photo.renditions}
          alt={photo.registration}
        />
      )}
      <div className="facts">
        <PhotoFacts photo={photo} />
        {children}
      </div>
    </div>
  );
}
