/**
 * Issue 25 §9: "Data de naixement és obligatori", "Persona de contacto es obligatorio" — a field's name put before an
 * adjective that has to agree with it. In Spanish and Catalan the messages that take a field's name are worded so they
 * need no grammatical gender: no adjective or participle agreeing with {{field}} follows it.
 */
import { describe, expect, it } from 'vitest';
import { webTexts } from '../helpers/webTexts';

const messages = (lng: string) => webTexts(lng);

// "{{field}} es obligatorio", "{{field}} és obligatori", "{{field}} està buit", "{{field}} es necesaria"…
const AGREEING = /\{\{field\}\}\s+(es|és|está|està)\s+\p{L}*(o|a|ós|os|as|es|i|ia)\b/u;

describe('validation messages that name a field', () => {
  for (const lng of ['es', 'ca']) {
    it(`need no grammatical gender (${lng})`, () => {
      const naming = Object.entries(messages(lng)).filter(([, text]) => text.includes('{{field}}'));
      expect(naming.length).toBeGreaterThan(10);
      const agreeing = naming.filter(([, text]) => AGREEING.test(text)).map(([key, text]) => `${key}: ${text}`);
      expect(agreeing).toEqual([]);
    });
  }
});
