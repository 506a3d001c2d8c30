/** The back office passes axe in Catalan (tests/e2e/suites/admin-area-axe.ts; the other languages have their own files). */
import { areaRunsIn } from '../helpers/axe';
import { adminAreaAxe } from './suites/admin-area-axe';

adminAreaAxe(areaRunsIn('ca'));
