/** SPEC §9 presentation constants in one place: antd tokens, section colours, breakpoints. */
import type { ThemeConfig } from 'antd';
import { COLORS } from '../shared/colors';

export { COLORS };

/** Each section has its own accent (headers, tags, cards). */
export const SECTION_COLORS = {
  article: '#3a6ea5',
  job: '#2f7d6d',
  ambassador: '#8e5b9c',
  entrepreneur: '#c17a2b',
  directory: '#4b6584',
  group: '#6a8d3a',
  association: '#a0522d',
  discount: '#b0413e',
  user: '#2f3640',
  company: '#31566b',
} as const;
export type Section = keyof typeof SECTION_COLORS;

/** Solid tag colours dark enough for white text (WCAG AA). */
/** Solid tags with white text for states and membership tiers: antd's preset colours (gold, green…) fail WCAG AA contrast (axe). */
export const STATE_TAG_COLORS = {
  success: '#2f6b3a',
  error: '#a3322f',
  warning: '#8a5314',
  processing: '#1f5f8b',
  default: 'default',
} as const;
export const TIER_TAG_COLORS = { BOLD: '#8a5314', GRATIS: '#2f6b3a', REGULAR: '#1f5f8b' } as const;

export const TAG_COLORS = {
  NEWS: '#1f5f8b',
  EVENT: '#a14f10',
  PUBLIC: '#2f6b3a',
  PRIVATE: '#4a535c',
  AMBASSADOR: '#6f3f80',
  ENTREPRENEUR: '#8a5314',
} as const;

export const BREAKPOINTS = { xs: 320, md: 768, lg: 992, xl: 1281, xxl: 1400 } as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: COLORS.primary,
    colorError: COLORS.danger,
    colorSuccess: COLORS.success,
    colorLink: '#1f5f8b',
    // antd's greys fail WCAG AA contrast on white and on our grey surface (axe): darker ones
    colorTextPlaceholder: '#6b7280',
    colorTextDescription: '#545d68',
    colorTextSecondary: '#4a535c',
    colorTextTertiary: '#5c6470', // descriptions' labels, captions (antd's #8c8c8c is 3.4:1 on white)
    borderRadius: 8,
    fontFamily: "'Helvetica Neue', Helvetica, Arial, system-ui, sans-serif",
    // antd keeps its xs/sm steps; ours start at md (320 px is the narrowest layout we support, in CSS)
    screenMD: BREAKPOINTS.md,
    screenMDMin: BREAKPOINTS.md,
    screenLG: BREAKPOINTS.lg,
    screenLGMin: BREAKPOINTS.lg,
    screenMDMax: BREAKPOINTS.lg - 1,
    screenLGMax: BREAKPOINTS.xl - 1,
    screenXL: BREAKPOINTS.xl,
    screenXLMin: BREAKPOINTS.xl,
    screenXLMax: BREAKPOINTS.xxl - 1,
    screenXXL: BREAKPOINTS.xxl,
    screenXXLMin: BREAKPOINTS.xxl,
  },
  components: {
    Modal: { borderRadiusLG: 25 },
    Menu: {
      itemSelectedBg: '#e9ebee',
      itemSelectedColor: COLORS.primary,
      itemActiveBg: '#eef0f2',
      itemHoverBg: '#f3f4f6',
    },
    Layout: { headerBg: '#ffffff', bodyBg: COLORS.surface, footerBg: COLORS.primary, siderBg: '#ffffff' },
  },
};
