import type { PhotoResponse } from '../../../../contract/photos.js';

// schema.org data of the public pages (JSON-LD in the head), for search engines' image results: who
// took a photo, when, where, and how to ask for a licence.

const SCHEMA = 'https://schema.org';

interface PhotoPage {
  /** The site's address. */
  base: string;
  /** The photo's large rendition as an absolute URL. */
  image: string | null;
  /** Registration · type · airline · airport. */
  name: string;
  description: string;
}

/** A photo page: the photo as a `Photograph` and `ImageObject`, and the way to it as breadcrumbs. */
export function photoJsonLd(p: PhotoResponse, page: PhotoPage): object[] {
  const url = `${page.base}/photo/${p.id}`;
  const photographer = { '@type': 'Person', name: p.uploader.username, url: `${page.base}/user/${p.uploader.id}` };
  const photo = {
    '@context': SCHEMA,
    '@type': ['Photograph', 'ImageObject'],
    '@id': url,
    url,
    name: page.name,
    description: page.description,
    ...(page.image ? { contentUrl: page.image, thumbnailUrl: page.image } : {}),
    width: p.width,
    height: p.height,
    creator: photographer,
    author: photographer,
    creditText: `${p.uploader.username} / 航迹 Contrail`,
    copyrightNotice: `© ${p.uploader.username}`,
    dateCreated: p.takenOn,
    ...(p.decidedAt ? { datePublished: new Date(p.decidedAt).toISOString() } : {}),
    ...(p.airport && !p.inFlight ? { contentLocation: { '@type': 'Place', name: p.airport.label } } : {}),
    // The site's terms say how photos may be used; a licence is asked for from the photographer (联系摄影师).
    license: `${page.base}/terms`,
    acquireLicensePage: url,
    ...(p.aircraftType ? { about: { '@type': 'Thing', name: [p.registration, p.aircraftType.label].join(' ') } } : {}),
  };
  const crumbs = [
    { name: '航迹', item: `${page.base}/` },
    { name: '图库', item: `${page.base}/search` },
    ...(p.airframeId !== null ? [{ name: p.registration, item: `${page.base}/airframe/${p.airframeId}` }] : []),
    { name: page.name, item: url },
  ];
  const breadcrumbs = {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, ...c })),
  };
  return [photo, breadcrumbs];
}
