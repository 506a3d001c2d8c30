/**
 * The qrcode library, loaded when a QR code is first drawn (a member's card, an administrator's two-step set-up): a
 * start of the server (each test file's, each CLI command's) need not load its ~60 modules.
 */
export async function qrCode() {
  return (await import('qrcode')).default;
}
