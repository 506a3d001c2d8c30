/**
 * The member card as a PDF (pdfkit): one page the size of a card (85.6 × 54 mm, drawn at 1.5×), with the name,
 * partner number, membership, valid-until date, the QR code (PNG) and the member's photo when its file exists
 * (any of the formats we store — WebP, SVG, JPEG, PNG — turned into PNG by sharp; skipped when missing or unreadable).
 */
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Locale } from '../../../shared/constants';
import { translate } from '../../i18n';
import { publicKey, readAll, type FileStorage } from '../../lib/storage';
import type { MemberCard } from './service';
import { qrPng } from './service';

const MM = 72 / 25.4;
const SCALE = 1.5;
const WIDTH = 85.6 * MM * SCALE;
const HEIGHT = 54 * MM * SCALE;
const BRAND = '#14213d';
const ACCENT = { BOLD: '#d4a017', GRATIS: '#2f9e44', REGULAR: '#8a8f98' } as const;

/** The member's photo from the file store as a small PNG, or null (no photo, a missing file, not a picture). */
async function photoPng(storage: FileStorage, link: string | null): Promise<Buffer | null> {
  const file = await readAll(storage, publicKey(link)).catch(() => null);
  if (!file) return null;
  try {
    return await sharp(file).resize(240, 240, { fit: 'cover' }).png().toBuffer();
  } catch {
    return null;
  }
}

export async function cardPdf(storage: FileStorage, card: MemberCard, lng: Locale): Promise<Buffer> {
  const t = (key: string, params: Record<string, unknown> = {}) => translate(lng, `memberCard.pdf.${key}`, params);
  const [qr, photo] = await Promise.all([qrPng(card.verify_url), photoPng(storage, card.photo)]);
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    info: { Title: t('title'), Author: 'Alumni', Subject: `${card.name} ${card.surname}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const pad = 14;
  doc.rect(0, 0, WIDTH, HEIGHT).fill('#ffffff');
  doc.rect(0, 0, WIDTH, 44).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(15).text('Alumni', pad, 14, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(t('title'), pad, 17, { width: WIDTH - 2 * pad, align: 'right', lineBreak: false });
  doc.rect(0, 44, WIDTH, 4).fill(ACCENT[card.membership]);

  const qrSize = 112;
  const qrX = WIDTH - pad - qrSize;
  const top = 60;
  let x = pad;
  if (photo) {
    doc.save().roundedRect(pad, top, 64, 64, 6).clip().image(photo, pad, top, { width: 64, height: 64 }).restore();
    x = pad + 64 + 10;
  }
  const textWidth = qrX - x - 8;
  doc.fillColor('#111111').font('Helvetica-Bold').fontSize(13).text(card.name, x, top, { width: textWidth });
  doc.font('Helvetica').fontSize(11).text(card.surname, { width: textWidth });
  doc.moveDown(0.4);
  doc.fillColor('#555555').fontSize(8).text(t('partnerNumber').toUpperCase(), { width: textWidth });
  doc.fillColor('#111111').font('Helvetica-Bold').fontSize(12).text(String(card.partner_number), { width: textWidth });

  // membership and valid-until one under the other: "Bold (període gratuït)" needs the width
  const row = top + 74;
  const width = qrX - pad - 8;
  doc
    .fillColor('#555555')
    .font('Helvetica')
    .fontSize(7.5)
    .text(t('membership').toUpperCase(), pad, row, { width, lineBreak: false });
  doc
    .fillColor(ACCENT[card.membership])
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(t(`role.${card.membership}`), pad, row + 10, { width, lineBreak: false, ellipsis: true });
  doc
    .fillColor('#555555')
    .font('Helvetica')
    .fontSize(7.5)
    .text(t('validUntil').toUpperCase(), pad, row + 28, { width, lineBreak: false });
  doc
    .fillColor('#111111')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(card.valid_until ?? '—', pad, row + 38, { width, lineBreak: false });
  doc
    .fillColor(card.valid ? '#2f9e44' : '#c92a2a')
    .font('Helvetica')
    .fontSize(7.5)
    .text(card.valid ? t('valid') : t('notValid'), pad, row + 56, { width });

  doc.image(qr, qrX, top - 4, { width: qrSize, height: qrSize });
  doc
    .fillColor('#555555')
    .fontSize(6.5)
    .text(t('scan'), qrX - 6, top + qrSize - 2, { width: qrSize + 12, align: 'center' });
  doc.end();
  return done;
}
