/**
 * The SEPA direct-debit file (pain.008.001.02, core scheme) built with the `sepa` package: one payment-information
 * block per sequence type (FRST for a mandate's first collection, RCUR after), one transaction per debit with the
 * payment's hash as end-to-end id. Names are written in the SEPA Latin character set (accents dropped), as banks ask.
 */
import { Document as SepaDocument } from 'sepa';
import type { Config } from '../../../config';

export interface SepaLine {
  endToEndId: string;
  amountCents: number;
  mandateId: string;
  /** yyyy-mm-dd */
  mandateSignedAt: string;
  debtorName: string;
  debtorIban: string;
  sequence: 'FRST' | 'RCUR';
  remittance: string;
}

export interface SepaBatch {
  batch: string;
  createdAt: Date;
  /** yyyy-mm-dd */
  collectionDate: string;
  lines: SepaLine[];
}

/** The SEPA character set: a-z A-Z 0-9 / - ? : ( ) . , ' + and space; anything else is folded or dropped. */
export function sepaText(value: string, max: number): string {
  const folded = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return folded.slice(0, max).trim();
}

/** A calendar day as a local Date (the package writes days in local time). */
const localDay = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

export function sepaXml(creditor: Config['sepaCreditor'], batch: SepaBatch): string {
  const doc = new SepaDocument('pain.008.001.02');
  doc.grpHdr.id = batch.batch;
  doc.grpHdr.created = batch.createdAt;
  doc.grpHdr.initiatorName = sepaText(creditor.name, 70);
  for (const sequence of ['FRST', 'RCUR'] as const) {
    const lines = batch.lines.filter((line) => line.sequence === sequence);
    if (lines.length === 0) continue;
    const info = doc.createPaymentInfo();
    info.collectionDate = localDay(batch.collectionDate);
    info.creditorIBAN = creditor.iban;
    info.creditorBIC = creditor.bic;
    info.creditorName = sepaText(creditor.name, 70);
    info.creditorId = creditor.id;
    info.sequenceType = sequence;
    info.batchBooking = true;
    doc.addPaymentInfo(info);
    for (const line of lines) {
      const tx = info.createTransaction();
      tx.debtorName = sepaText(line.debtorName, 70) || 'NOTPROVIDED';
      tx.debtorIBAN = line.debtorIban.replace(/\s+/g, '').toUpperCase();
      tx.mandateId = line.mandateId;
      tx.mandateSignatureDate = localDay(line.mandateSignedAt);
      tx.amount = Number((line.amountCents / 100).toFixed(2));
      tx.currency = 'EUR';
      tx.remittanceInfo = sepaText(line.remittance, 140);
      tx.end2endId = line.endToEndId;
      info.addTransaction(tx);
    }
  }
  return doc.toString();
}
