/** antd's own strings (pagination, empty states, date pickers) per language, one chunk each, loaded with ours. */
import { useEffect, useState } from 'react';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '../../shared/constants';

const FILES: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  es: () => import('antd/es/locale/es_ES'),
  en: () => import('antd/es/locale/en_GB'),
  ca: () => import('antd/es/locale/ca_ES'),
};
const loaded = new Map<Locale, AntdLocale>();

export function loadAntdLocale(lng: Locale): Promise<AntdLocale | undefined> {
  return FILES[lng]()
    .then((file) => {
      loaded.set(lng, file.default);
      return file.default;
    })
    .catch(() => undefined);
}

/** The language's antd strings, or the last loaded ones while a new language downloads. */
export function useAntdLocale(lng: Locale): AntdLocale | undefined {
  const [locale, setLocale] = useState(() => loaded.get(lng));
  useEffect(() => {
    const ready = loaded.get(lng);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an already loaded language switches at once
    if (ready) setLocale(ready);
    else void loadAntdLocale(lng).then((file) => file && setLocale(file));
  }, [lng]);
  return loaded.get(lng) ?? locale;
}
