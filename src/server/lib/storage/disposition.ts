/** `attachment; filename="<ascii>"; filename*=UTF-8''<utf-8>` (RFC 6266), whatever the stored name holds. */
export function attachmentHeader(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').slice(0, 200) || 'file';
  const ascii = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

/**
 * The header a store's presigned URL carries: the ASCII name only (accents folded, `Currículum.pdf` → `Curriculum.pdf`)
 * and none of `!'()*`. S3-compatible servers differ in how they encode those characters in the signed query string
 * (s3rver's encodeURIComponent leaves them, AWS encodes them), so a URL naming them may be refused as forged.
 */
export function asciiAttachmentHeader(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').slice(0, 200) || 'file';
  const ascii = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|[!'()*]/g, '_');
  return `attachment; filename="${ascii}"`;
}
