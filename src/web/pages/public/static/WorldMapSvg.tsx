/**
 * The drawn map (issue 10 §3): the world's countries from world-atlas's 50m shapes (Andorra, Singapore and
 * Luxembourg exist at that scale) projected with d3-geo, the countries with alumni shaded, and one marker per
 * country sized by its number of members (the circle's area grows with the count: square-root scale).
 * This module, d3-geo and topojson-client are a chunk of their own, imported by WorldMap after the page has
 * hydrated, together with the geometry (a JSON asset): nothing of it is in the first visit's HTML or scripts.
 *
 * Markers are focusable (Tab, in the order of the list: most members first) with an aria-label
 * "Spain: 123 members"; hovering, focusing or Enter/Space shows the tooltip, Escape hides it. Their radius is
 * set in screen pixels (the SVG is scaled to its box), and each has a transparent hit circle of at least
 * 12 px radius so a finger can tap it on a phone.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { geoAzimuthalEqualArea, geoGraticule10, geoNaturalEarth1, geoPath, type GeoProjection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { NUMERIC_TO_ALPHA2 } from './WorldMapCodes';
import type { CountryCount, MapView } from './WorldMap';

/** The viewBox is 960 units wide; its height follows the box's proportions (styles.css: 960 × 500, the Europe view taller on a phone). */
const MAP_WIDTH = 960;
const PAD = 8;

type CountryFeature = Feature<Geometry, { name: string }> & { id?: string };

/**
 * The projection of each view, fitted to the box. The world: Natural Earth, fitted to the inhabited land
 * (Antarctica is drawn but left below the frame). Europe: an equal-area view centred on Central Europe,
 * from Morocco to Lapland and from Lisbon to Warsaw, where Andorra, Luxembourg and the Benelux are far
 * enough apart to point at.
 */
function projectionFor(view: MapView, height: number, inhabited: FeatureCollection): GeoProjection {
  const extent: [[number, number], [number, number]] = [
    [PAD, PAD],
    [MAP_WIDTH - PAD, height - PAD],
  ];
  if (view === 'europe') {
    return geoAzimuthalEqualArea()
      .rotate([-10, -50])
      .fitExtent(extent, {
        type: 'MultiPoint',
        coordinates: [
          [-10, 31],
          [-6, 30],
          [10, 34],
          [28, 34],
          [-10, 60],
          [10, 66],
          [28, 66],
        ],
      });
  }
  return geoNaturalEarth1().fitExtent(extent, inhabited);
}

/** A country's shade: from a light to a deeper tint of the site's blue, by the square root of its share. */
function shade(share: number): string {
  const from = [214, 226, 238];
  const to = [110, 148, 184];
  const mix = from.map((value, i) => Math.round(value + (to[i]! - value) * Math.sqrt(share)));
  return `rgb(${mix.join(',')})`;
}

interface Props {
  topology: Topology<{ countries: GeometryCollection<{ name: string }> }>;
  countries: CountryCount[];
  view: MapView;
}

export default function WorldMapSvg({ topology, countries, view }: Props) {
  const { t } = useTranslation();
  const svgRef = useRef<SVGSVGElement>(null);
  // on-screen size of the SVG: markers keep their size in pixels whatever the box's width
  const [size, setSize] = useState({ width: MAP_WIDTH, height: 500 });
  const [active, setActive] = useState<string | null>(null);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return undefined;
    const measure = () => {
      const { width, height } = svg.getBoundingClientRect();
      if (width > 0 && height > 0)
        setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    return () => observer.disconnect();
  }, []);

  // eslint-disable-next-line react-hooks/set-state-in-effect -- another view drops the highlighted country
  useEffect(() => setActive(null), [view]);

  const shapes = useMemo(
    () => (feature(topology, topology.objects.countries) as unknown as { features: CountryFeature[] }).features,
    [topology],
  );
  const counts = useMemo(() => new Map(countries.map((c) => [c.hash, c.num_users])), [countries]);
  const max = Math.max(1, ...countries.map((c) => c.num_users));

  const inhabited = useMemo<FeatureCollection>(
    () => ({ type: 'FeatureCollection', features: shapes.filter((shape) => shape.id !== '010') }),
    [shapes],
  );
  const { width } = size;
  const height = Math.round((MAP_WIDTH * size.height) / size.width);
  const projection = useMemo(() => projectionFor(view, height, inhabited), [view, height, inhabited]);
  const drawn = useMemo(() => {
    const path = geoPath(projection);
    return {
      sphere: path({ type: 'Sphere' }) ?? '',
      graticule: path(geoGraticule10()) ?? '',
      countries: shapes.map((shape, index) => {
        const code = shape.id ? NUMERIC_TO_ALPHA2[shape.id] : undefined;
        const count = code ? (counts.get(code) ?? 0) : 0;
        return {
          key: `${shape.id ?? 'x'}-${index}`,
          d: path(shape) ?? '',
          code: count > 0 ? code : undefined,
          fill: count > 0 ? shade(count / max) : undefined,
        };
      }),
    };
  }, [projection, shapes, counts, max]);

  // pixels → viewBox units
  const unit = MAP_WIDTH / Math.max(1, width);
  const maxRadius = Math.min(24, Math.max(10, width / 40));
  const minRadius = Math.max(3.5, maxRadius / 5);
  const markers = [...countries]
    .filter((c) => c.num_users > 0)
    .sort((a, b) => b.num_users - a.num_users || a.name.localeCompare(b.name))
    .map((c) => {
      const point = projection([c.lng, c.lat]);
      const radius = Math.max(minRadius, maxRadius * Math.sqrt(c.num_users / max));
      return { country: c, point, radius };
    })
    // a view shows only the markers inside it (the Europe view has no focusable marker off-screen)
    .filter(
      (m): m is typeof m & { point: [number, number] } =>
        m.point !== null && m.point[0] >= 0 && m.point[0] <= MAP_WIDTH && m.point[1] >= 0 && m.point[1] <= height,
    );

  const label = (c: CountryCount) => t('community.mapMembers', { name: c.name, count: c.num_users });
  const shown = markers.find((m) => m.country.hash === active);

  const onKeyDown = (event: KeyboardEvent, hash: string) => {
    if (event.key === 'Escape') {
      setActive(null);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setActive((current) => (current === hash ? null : hash));
    }
  };

  return (
    <>
      <svg
        ref={svgRef}
        className="world-map-svg"
        viewBox={`0 0 ${MAP_WIDTH} ${height}`}
        role="group"
        aria-label={t('community.map')}
        data-view={view}
      >
        <g aria-hidden="true">
          <path d={drawn.sphere} className="map-sphere" />
          <path d={drawn.graticule} className="map-graticule" />
          <g className="map-countries">
            {drawn.countries.map((c) => (
              <path
                key={c.key}
                d={c.d}
                style={c.fill ? { fill: c.fill } : undefined}
                className={c.fill ? 'map-country map-country-with' : 'map-country'}
                data-country={c.code}
              />
            ))}
          </g>
        </g>
        <g className="map-markers">
          {markers.map(({ country, point, radius }) => (
            <g
              key={country.hash}
              className={country.hash === active ? 'map-marker map-marker-active' : 'map-marker'}
              transform={`translate(${point[0].toFixed(1)} ${point[1].toFixed(1)})`}
              tabIndex={0}
              role="button"
              aria-label={label(country)}
              data-country={country.hash}
              onMouseEnter={() => setActive(country.hash)}
              onMouseLeave={() => setActive((current) => (current === country.hash ? null : current))}
              onFocus={() => setActive(country.hash)}
              onBlur={() => setActive((current) => (current === country.hash ? null : current))}
              onClick={() => setActive(country.hash)}
              onKeyDown={(event) => onKeyDown(event, country.hash)}
            >
              <circle className="map-hit" r={Math.max(radius, 12) * unit} />
              <circle className="map-dot" r={radius * unit} />
            </g>
          ))}
        </g>
      </svg>
      {shown ? (
        <div
          className={[
            'map-tooltip',
            shown.point[0] < MAP_WIDTH * 0.18 ? 'map-tooltip-start' : '',
            shown.point[0] > MAP_WIDTH * 0.82 ? 'map-tooltip-end' : '',
            shown.point[1] < height * 0.25 ? 'map-tooltip-below' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          role="tooltip"
          style={{
            left: `${(shown.point[0] / MAP_WIDTH) * 100}%`,
            top: `${(shown.point[1] / height) * 100}%`,
            ['--r' as string]: `${shown.radius}px`,
          }}
        >
          {label(shown.country)}
        </div>
      ) : null}
    </>
  );
}
