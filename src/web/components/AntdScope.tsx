/**
 * antd's theme and strings, around the parts that use antd's own components: the areas, the back office and
 * the sign-in page (routing/WithRefine), the public pages that show antd components (routing/AppRoutes), and
 * the pieces a public page loads on first use (toasts, dialogs, the phone menu, the account menu, selects).
 * Not at the root: a public page that uses none (home, jobs, a job, news) then needs neither antd's code nor
 * its style engine, which is most of what a phone spends hydrating it (issue 9 §4).
 */
import '@ant-design/v5-patch-for-react-19';
import { useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { useAntdLocale } from '../providers/antdLocale';
import { useLocale } from '../hooks/useLocale';
import { useReducedMotion } from '../hooks/useReducedMotion';
import { theme } from '../theme';

export function AntdScope({ children }: { children: ReactNode }) {
  const { lng } = useLocale();
  // always a locale object (antd's own default until the page's language has loaded): antd wraps its children in
  // a locale provider only when it has one, so going from none to one would remount them (and drop an open toast)
  const locale = useAntdLocale(lng) ?? enUS;
  // antd's own switch for its motion: off when the person prefers reduced motion (the site's CSS does the same)
  const reduced = useReducedMotion();
  const themed = useMemo(() => (reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reduced]);
  return (
    <ConfigProvider theme={themed} locale={locale}>
      {children}
    </ConfigProvider>
  );
}

export default AntdScope;
