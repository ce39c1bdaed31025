import type { PhotoResponse } from '@contract/photos';
import { Link } from 'react-router';
import { PhotoCard } from '../../../components/photo-card.js';
import { useRelated } from '../api/get-related.js';
import { searchLink } from '../lib/texts.js';

function Strip({
  title,
  note,
  photos,
  more,
  testId,
}: {
  title: string;
  note?: string;
  photos: PhotoResponse[];
  more: string;
  testId: string;
}) {
  if (photos.length === 0) return null;
  return (
    <section className="related" data-testid={testId}>
      <div className="section-head">
        <h2>
          {title}
          {note && <small className="muted"> {note}</small>}
        </h2>
        <Link to={more}>查看全部</Link>
      </div>
      <div className="photo-strip">
        {photos.map((p) => (
          <PhotoCard key={p.id} photo={p} sizes="260px" />
        ))}
      </div>
    </section>
  );
}

/** The airframe's history (oldest to newest), the same airport and the same photographer. */
export function RelatedStrips({ photo }: { photo: PhotoResponse }) {
  const { data } = useRelated(photo.id, photo.state === 'accepted');
  if (!data) return null;
  return (
    <>
      <Strip
        title="同一架飞机"
        note="机身履历，从早到晚"
        photos={data.sameRegistration}
        more={
          photo.airframeId !== null ? `/airframe/${photo.airframeId}` : searchLink({ reg: photo.registration, sort: 'taken' })
        }
        testId="related-registration"
      />
      {photo.airport && (
        <Strip
          title="同一机场"
          note={photo.airport.label}
          photos={data.sameAirport}
          more={searchLink({ airport: photo.airport.id })}
          testId="related-airport"
        />
      )}
      <Strip
        title="同一摄影师"
        note={photo.uploader.username}
        photos={data.samePhotographer}
        more={searchLink({ user: photo.uploader.id })}
        testId="related-photographer"
      />
    </>
  );
}
