import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import 'nprogress/nprogress.css';
import './styles.css';
import { App } from './App';
import { loadAntdLocale } from './providers/antdLocale';
import { loadLocale, localeFromPath } from './providers/i18n';
import { SECTION_COLORS } from './theme';

// the section colours of SPEC §9 as CSS variables (--job, --article, …) for the stylesheet
for (const [section, color] of Object.entries(SECTION_COLORS)) document.documentElement.style.setProperty(`--${section}`, color);

// the page's own language first (providers/i18n.ts), ours and antd's
const lng = localeFromPath(window.location.pathname);
void Promise.all([loadLocale(lng), loadAntdLocale(lng)]).then(() => createRoot(document.getElementById('root')!).render(<App />));
