/**
 * Apple Wallet pass of the member card (passkit-generator), offered only when the pass certificates are configured
 * (WALLET_PASS_CERT, WALLET_PASS_KEY, WALLET_PASS_WWDR — PEM text or a file path — WALLET_PASS_TYPE_ID, WALLET_TEAM_ID).
 * The pass is a generic one: name, partner number, membership, valid-until, and the verify address as its QR code.
 */
import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Config } from '../../config';
import type { Locale } from '../../../shared/constants';
import { translate } from '../../i18n';
import type { MemberCard } from './service';

export const walletAvailable = (config: Config) => config.wallet !== null;

const pem = (value: string) =>
  value.includes('-----BEGIN') ? value : existsSync(value) ? readFileSync(value, 'utf8') : value;

let icons: Promise<Record<string, Buffer>> | null = null;
/** A plain icon drawn once (Apple requires icon.png). */
function passIcons(): Promise<Record<string, Buffer>> {
  icons ??= Promise.all(
    [29, 58, 87].map((size) =>
      sharp({ create: { width: size, height: size, channels: 4, background: '#14213d' } })
        .png()
        .toBuffer(),
    ),
  ).then(([one, two, three]) => ({ 'icon.png': one!, 'icon@2x.png': two!, 'icon@3x.png': three! }));
  return icons;
}

export async function walletPass(config: Config, card: MemberCard, token: string, lng: Locale): Promise<Buffer> {
  const wallet = config.wallet!;
  const t = (key: string) => translate(lng, `memberCard.pdf.${key}`);
  // loaded when first used: a start of the server (each test file's, each CLI command's) need not load its ~150 modules
  const { PKPass } = await import('passkit-generator');
  const pass = new PKPass(
    await passIcons(),
    {
      wwdr: pem(wallet.wwdr),
      signerCert: pem(wallet.cert),
      signerKey: pem(wallet.key),
      ...(wallet.keyPassphrase ? { signerKeyPassphrase: wallet.keyPassphrase } : {}),
    },
    {
      formatVersion: 1,
      passTypeIdentifier: wallet.passTypeId,
      teamIdentifier: wallet.teamId,
      organizationName: 'Alumni',
      description: t('title'),
      serialNumber: token,
      backgroundColor: 'rgb(20,33,61)',
      foregroundColor: 'rgb(255,255,255)',
      labelColor: 'rgb(212,160,23)',
    },
  );
  pass.type = 'generic';
  pass.primaryFields.push({ key: 'name', label: t('member'), value: `${card.name} ${card.surname}` });
  pass.secondaryFields.push(
    { key: 'membership', label: t('membership'), value: t(`role.${card.membership}`) },
    { key: 'until', label: t('validUntil'), value: card.valid_until ?? '—' },
  );
  pass.auxiliaryFields.push({ key: 'number', label: t('partnerNumber'), value: String(card.partner_number) });
  pass.setBarcodes({ message: card.verify_url, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' });
  return pass.getAsBuffer();
}
