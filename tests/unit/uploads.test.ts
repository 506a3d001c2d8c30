/** The browser's first filter before an upload (src/shared/uploads.ts): the dialogs it opens must match the server's limits. */
import { describe, expect, it } from 'vitest';
import { fileProblem, MB, sizeLabel, UPLOAD_KINDS } from '../../src/shared/uploads';

describe('fileProblem', () => {
  it('accepts photos by type or extension up to 5 MB', () => {
    expect(fileProblem('photo', { name: 'me.JPG', type: '', size: 1000 })).toBeNull();
    expect(fileProblem('photo', { name: 'me', type: 'image/webp', size: 5 * MB })).toBeNull();
    expect(fileProblem('photo', { name: 'me.png', type: 'image/png', size: 5 * MB + 1 })).toBe('tooLarge');
  });

  it('refuses SVG, PDF as a photo and images as a CV', () => {
    expect(fileProblem('photo', { name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBe('wrongType');
    expect(fileProblem('photo', { name: 'cv.pdf', type: 'application/pdf', size: 10 })).toBe('wrongType');
    expect(fileProblem('document', { name: 'cv.png', type: 'image/png', size: 10 })).toBe('wrongType');
    expect(fileProblem('document', { name: 'cv.pdf', type: 'application/pdf', size: 10 * MB + 1 })).toBe('tooLarge');
    expect(fileProblem('document', { name: 'cv.pdf', type: 'application/pdf', size: 0 })).toBe('empty');
  });

  it('states the limits the issue sets', () => {
    expect(
      [UPLOAD_KINDS.photo.maxBytes, UPLOAD_KINDS.document.maxBytes, UPLOAD_KINDS.portfolioImage.maxBytes].map(
        sizeLabel,
      ),
    ).toEqual(['5 MB', '10 MB', '8 MB']);
  });
});
