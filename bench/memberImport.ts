/**
 * node --expose-gc --import tsx bench/memberImport.ts [--rows 50000] [--postgres <url>]
 *
 * The members import (issue 28 §3) on a big file: writes a CSV of `--rows` members (default 50,000; `,`, English
 * headers; one in five Bold with a paid-until date, half with a member number, all three languages), then on a
 * fresh migrated SQLite database (or the PostgreSQL URL given, an empty database) runs the preview, the import
 * (one transaction of multi-row INSERTs, then every new member's invitation e-mail rendered into the outbox after the
 * commit) and a re-import (all unchanged) through the services the routes call, and prints each one's time, this
 * process's CPU time (user + system: on a shared machine the wall time says more about the load than the code) and
 * its peak RSS (process.memoryUsage().rss sampled every 20 ms) and heap. Not a test.
 */
import { runImportBench } from './importHarness';
import * as importService from '../src/server/modules/memberImport/service';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const LANGUAGES = ['es', 'ca', 'en'];

runImportBench({
  name: 'members',
  header:
    'Member number,E-mail,Name,First surname,Second surname,Document number,Tier,Paid until,Language,Appears to members,Appears to companies,Newsletter',
  line: (n) => {
    const dni = 20_000_000 + n;
    const bold = n % 5 === 0;
    return [
      n % 2 ? String(30_000 + n) : '',
      `socia${n}@example.com`,
      `Núria ${n}`,
      'García',
      n % 3 ? 'Puig' : '',
      `${dni}${DNI_LETTERS[dni % 23]}`,
      bold ? 'Bold' : 'Regular',
      bold ? '31/12/2030' : '',
      LANGUAGES[n % 3],
      n % 2 ? 'yes' : 'no',
      n % 4 ? 'no' : 'yes',
      'yes',
    ].join(',');
  },
  preview: (ctx, csv) => importService.preview(ctx, csv),
  run: (ctx, csv) => importService.confirm(ctx, csv, 'members.csv'),
  counts: (answer) => answer,
});
