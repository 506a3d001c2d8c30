import type { Article } from './types';

/** An iCalendar file for an event (RFC 5545), built in the browser: nothing to store on the server. */
export function icsFor(article: Article, url: string): string {
  const [h, m] = (article.hour ?? '10:00').split(':');
  const start = `${article.date.replace(/-/g, '')}T${h}${m}00`;
  const endHour = String(Math.min(23, Number(h) + 2)).padStart(2, '0');
  const escape = (text: string) => text.replace(/[\\,;]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Alumni//Portal//ES',
    'BEGIN:VEVENT',
    `UID:${article.hash}@alumni`,
    `DTSTAMP:${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
    `DTSTART:${start}`,
    `DTEND:${article.date.replace(/-/g, '')}T${endHour}${m}00`,
    `SUMMARY:${escape(article.title)}`,
    `DESCRIPTION:${escape(article.summary)}`,
    `LOCATION:${escape(article.location ?? '')}`,
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export function downloadIcs(article: Article): void {
  const blob = new Blob([icsFor(article, window.location.href)], { type: 'text/calendar;charset=utf-8' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${article.slug}.ics`;
  link.click();
  URL.revokeObjectURL(link.href);
}
