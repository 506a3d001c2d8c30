/** SPEC §9 brand colours, shared by the web's theme (web/theme.ts) and the e-mails (server/modules/mail/render.ts). */
export const COLORS = {
  primary: '#2f3640', // dark grey
  danger: '#b0413e', // muted red
  progress: '#e8893a', // the orange loading bar
  success: '#3d8b5a',
  surface: '#f5f6f7',
} as const;
