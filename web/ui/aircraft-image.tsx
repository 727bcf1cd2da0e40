// An aircraft's photo by registration (web/public/images/acfts/<registration>.png), or the plane icon when
// there is none: the mission details and the fleet show the same pictures.
import { useState } from 'react';

/**
 * The registrations with a photo shipped in web/public/images/acfts, listed at build time: the others show
 * the plane icon without asking for a photo that would answer 404 (a console error, docs/decisions/022).
 */
const PHOTOS = new Set(
  Object.keys(import.meta.glob('../public/images/acfts/*.png')).map((path) =>
    path.replace(/^.*\//, '').replace(/\.png$/, ''),
  ),
);

export function AircraftImage({
  registration,
  width = 160,
  height = 100,
}: {
  registration: string | null;
  width?: number;
  height?: number;
}) {
  const [missing, setMissing] = useState(!registration || !PHOTOS.has(registration));
  if (missing) return <img src="/plane.svg" alt="Avion (photo indisponible)" width={width} height={height} />;
  return (
    <img
      src={`/images/acfts/${registration}.png`}
      alt={`Avion ${registration}`}
      width={width}
      height={height}
      onError={() => setMissing(true)}
    />
  );
}
