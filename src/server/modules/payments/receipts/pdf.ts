/**
 * A payment's receipt as PDF (issue 13 §3, `pdfkit`): the association (site settings), the receipt number and date,
 * the member (name, partner number), what was paid (the Bold year and its dates), how (card brand and last four, or
 * the direct-debit mandate) and the amount, in the member's language. Made on demand from the payment row — for the
 * member's download and when its e-mail is sent — so nothing is stored twice.
 */
import PDFDocument from 'pdfkit';
import { isLocale, type Locale } from '../../../../shared/constants';
import type { Db } from '../../../db/dialect';
import { translate } from '../../../i18n';
import type { Conn } from '../../../db/conn';
import { readSiteSettings } from '../../init/repository';
import { registerAttachmentMaker } from '../../mail/attachments';
import { formatAmount, formatDay } from '../subscriptions/charging';
import * as repo from '../subscriptions/repository';

const RECEIPTABLE = ['PAID', 'REFUNDED'];

function render(lines: {
  title: string;
  association: string[];
  rows: [string, string][];
  total: [string, string];
  footer: string;
}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: lines.title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fillColor('#1d2430').font('Helvetica-Bold').fontSize(20).text(lines.title);
    doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor('#4b5563');
    for (const line of lines.association) doc.text(line);
    doc.moveDown(1.5).fillColor('#1d2430').fontSize(11);
    for (const [label, value] of lines.rows) {
      const y = doc.y;
      doc.font('Helvetica-Bold').text(label, 56, y, { width: 170 });
      doc.font('Helvetica').text(value, 236, y, { width: 300 });
      doc.moveDown(0.6);
    }
    doc.moveDown(1).moveTo(56, doc.y).lineTo(539, doc.y).strokeColor('#c8ced8').stroke().moveDown(0.8);
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(lines.total[0], 56, y, { width: 170 })
      .text(lines.total[1], 236, y, { width: 300 });
    doc.moveDown(3).font('Helvetica').fontSize(9).fillColor('#6b7380').text(lines.footer, 56);
    doc.end();
  });
}

/** The receipt of a paid (or later refunded) payment, or null when it has none. */
export async function receiptPdf(db: Conn, paymentHash: string): Promise<{ filename: string; content: Buffer } | null> {
  const payment = await repo.findPayment(db, paymentHash);
  if (!payment || !payment.receipt_number || !RECEIPTABLE.includes(payment.status)) return null;
  const [member, site] = await Promise.all([repo.memberOf(db, payment.user_hash), readSiteSettings(db)]);
  if (!member) return null;
  const lng: Locale = isLocale(member.language) ? member.language : 'es';
  const t = (key: string, params: Record<string, unknown> = {}) => translate(lng, `payments.receipt.${key}`, params);
  const how =
    payment.method === 'DEBIT'
      ? t('debit', { mandate: payment.mandate_ref ?? '' })
      : t('card', { card: payment.card_label ?? '' });
  const rows: [string, string][] = [
    [t('number'), payment.receipt_number],
    [t('date'), formatDay(payment.settled_at ?? payment.created_at, lng)],
    [t('member'), [member.name, member.surname1, member.surname2].filter(Boolean).join(' ')],
    [t('partner'), String(member.code_numeric)],
    [t('concept'), t('bold', { from: formatDay(payment.period_start, lng), to: formatDay(payment.period_end, lng) })],
    [t('method'), how],
  ];
  if (payment.refunded_cents > 0) rows.push([t('refunded'), formatAmount(payment.refunded_cents, lng)]);
  const content = await render({
    title: t('title'),
    association: [t('association'), site.address, [site.email, site.phone].filter(Boolean).join(' · ')].filter(Boolean),
    rows,
    total: [t('total'), formatAmount(payment.amount_cents, lng)],
    footer: t('footer'),
  });
  return { filename: `${payment.receipt_number}.pdf`, content };
}

registerAttachmentMaker('receipt', async (db: Db, id: string) => {
  const made = await receiptPdf(db, id);
  return made ? { ...made, contentType: 'application/pdf' } : null;
});
