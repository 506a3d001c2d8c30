/**
 * Alumni per country (issue 10 §3): a drawn world map and, always, the same figures as a list (the accessible
 * alternative, and what remains when the map cannot be loaded).
 *
 * The server renders the list and an empty box of the map's exact proportions (styles.css `.world-map-frame`),
 * so nothing moves when the map arrives. After hydration, once that box nears the screen, the browser loads the drawing code (WorldMapSvg:
 * d3-geo, topojson-client, a chunk of its own) and the geometry (world-atlas countries-50m.json, ~230 KiB
 * gzipped, a hashed asset fetched with `fetch`) at once; neither is part of the first visit's HTML or scripts.
 * If either fails, a notice says so and the list stays. World / Europe switches the projection (docs/web.md).
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { Country } from '../../../../shared/schema-types';
import { useTranslation } from 'react-i18next';
import type { Topology, GeometryCollection } from 'topojson-specification';
import geometryUrl from 'world-atlas/countries-50m.json?url';
import { Alert } from '../../../components/light';
import { useLocale } from '../../../hooks/useLocale';

export type CountryCount = Country;

export type MapView = 'world' | 'europe';

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;
type Drawing = {
  Svg: ComponentType<{ topology: CountriesTopology; countries: CountryCount[]; view: MapView }>;
  topology: CountriesTopology;
};

/** The drawing code and the geometry, loaded once per document (hashed assets: a new version has a new name). */
let loading: Promise<Drawing> | null = null;
function loadDrawing(): Promise<Drawing> {
  loading ??= Promise.all([
    import('./WorldMapSvg'),
    fetch(geometryUrl).then((res) => {
      if (!res.ok) throw new Error(`geometry: ${res.status}`);
      return res.json() as Promise<CountriesTopology>;
    }),
  ]).then(([module, topology]) => ({ Svg: module.default, topology }));
  // a failure may be a passing network error: the next visit of the page tries again
  loading.catch(() => (loading = null));
  return loading;
}

export function WorldMap({ countries }: { countries: CountryCount[] }) {
  const { t } = useTranslation();
  const { lng } = useLocale();
  const [drawing, setDrawing] = useState<Drawing | 'failed' | null>(null);
  const [view, setView] = useState<MapView>('world');
  const frame = useRef<HTMLDivElement>(null);

  // the map is loaded when its box comes near the screen (at once on a wide screen; on a phone, where it is
  // below the fold, only for a visitor who scrolls to it: ~250 KB less for the others)
  useEffect(() => {
    let live = true;
    const load = () =>
      loadDrawing().then(
        (loaded) => live && setDrawing(loaded),
        () => live && setDrawing('failed'),
      );
    const box = frame.current;
    if (!box || typeof IntersectionObserver === 'undefined') {
      void load();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(box);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, []);

  const withMembers = countries.filter((c) => c.num_users > 0);
  const sorted = [...withMembers].sort((a, b) => b.num_users - a.num_users || a.name.localeCompare(b.name, lng));
  const max = Math.max(1, ...sorted.map((c) => c.num_users));
  const ready = drawing !== null && drawing !== 'failed';

  return (
    <figure className="world-map">
      {drawing === 'failed' ? (
        <Alert type="warning" showIcon message={t('community.mapError')} className="world-map-error" />
      ) : (
        <>
          <div className="world-map-bar">
            <p className="muted world-map-hint">{t('community.mapHint')}</p>
            <div className="world-map-views" role="group" aria-label={t('community.mapView')}>
              {(['world', 'europe'] as const).map((name) => (
                <button
                  key={name}
                  type="button"
                  className={view === name ? 'btn btn-small btn-primary' : 'btn btn-small'}
                  aria-pressed={view === name}
                  disabled={!ready}
                  onClick={() => setView(name)}
                >
                  {t(name === 'world' ? 'community.mapWorld' : 'community.mapEurope')}
                </button>
              ))}
            </div>
          </div>
          <div
            ref={frame}
            className={view === 'europe' ? 'world-map-frame world-map-frame-europe' : 'world-map-frame'}
            aria-busy={!ready}
          >
            {ready ? (
              <drawing.Svg topology={drawing.topology} countries={withMembers} view={view} />
            ) : (
              <span className="world-map-loading">{t('community.mapLoading')}</span>
            )}
          </div>
        </>
      )}
      <figcaption>
        <h3 className="map-list-title">{t('community.mapList')}</h3>
        {sorted.length === 0 ? (
          <p className="muted">{t('community.mapEmpty')}</p>
        ) : (
          <ol className="map-list">
            {sorted.map((c) => (
              <li key={c.hash} data-country={c.hash}>
                <span className="map-list-name">{c.name}</span>
                <strong className="map-list-count">{c.num_users}</strong>
                <span
                  className="map-list-bar"
                  aria-hidden="true"
                  style={{ width: `${Math.max(2, (c.num_users / max) * 100)}%` }}
                />
              </li>
            ))}
          </ol>
        )}
      </figcaption>
    </figure>
  );
}
