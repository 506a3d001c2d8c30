/**
 * Alumni per country on an equirectangular grid, drawn as SVG: no tile server, no map library.
 * Each country is a circle at its centroid sized by its number of visible members; the same figures
 * are listed below the map for screen readers and small screens.
 */
import { useTranslation } from 'react-i18next';

interface CountryCount {
  hash: string;
  name: string;
  num_users: number;
  lat: number;
  lng: number;
}

const W = 1000;
const H = 500;
const x = (lng: number) => ((lng + 180) / 360) * W;
const y = (lat: number) => ((90 - lat) / 180) * H;

export function WorldMap({ countries }: { countries: CountryCount[] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...countries.map((c) => c.num_users));
  const sorted = [...countries].sort((a, b) => b.num_users - a.num_users);
  return (
    <figure className="world-map">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('community.map')}>
        <rect width={W} height={H} fill="#e9eef3" rx="16" />
        {[-60, -30, 0, 30, 60].map((lat) => (
          <line key={lat} x1={0} x2={W} y1={y(lat)} y2={y(lat)} stroke="#d3dbe3" strokeDasharray="4 6" />
        ))}
        {[-120, -60, 0, 60, 120].map((lng) => (
          <line key={lng} y1={0} y2={H} x1={x(lng)} x2={x(lng)} stroke="#d3dbe3" strokeDasharray="4 6" />
        ))}
        {sorted.map((c) => (
          <g key={c.hash}>
            <circle cx={x(c.lng)} cy={y(c.lat)} r={6 + 30 * Math.sqrt(c.num_users / max)} fill="#4b6584" fillOpacity={0.55} stroke="#2f3640" strokeWidth={1}>
              <title>{`${c.name}: ${c.num_users}`}</title>
            </circle>
          </g>
        ))}
      </svg>
      <figcaption>
        <ul className="map-legend">
          {sorted.map((c) => (
            <li key={c.hash}>
              {c.name} <strong>{c.num_users}</strong>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
