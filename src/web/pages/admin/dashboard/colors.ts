/**
 * The dashboard's colours: one per status with a meaning shared by every chart (waiting amber, accepted green, refused
 * red, stopped grey, finished slate), and a categorical palette for the rest. Dark enough to tell apart on white, and
 * never the only carrier of a figure: every chart has its table of numbers.
 */
import { COLORS } from '../../../theme';

export const STATUS_COLORS: Record<string, string> = {
  PENDING: '#d48a1d',
  VALIDATED: COLORS.success,
  PUBLISHED: COLORS.success,
  ACCEPTED: COLORS.success,
  REJECTED: COLORS.danger,
  CANCELLED: COLORS.danger,
  DISABLED: '#8c96a3',
  UNPUBLISHED: '#8c96a3',
  WITHDRAWN: '#8e5b9c',
  CLOSED: '#4b6584',
  DELETED: '#4b6584',
};

export const ROLE_COLORS: Record<string, string> = { REGULAR: '#4b6584', BOLD: '#2f7d6d', GRATIS: '#c17a2b' };

export const SERIES_COLORS = ['#3a6ea5', '#c17a2b', '#2f7d6d', '#8e5b9c', '#b0413e', '#6a8d3a'] as const;

export const HIRED_COLORS = { applicant: COLORS.success, other: '#3a6ea5', none: '#8c96a3' } as const;

export function colorOf(palette: Record<string, string>, key: string, index: number): string {
  return palette[key] ?? SERIES_COLORS[index % SERIES_COLORS.length]!;
}
