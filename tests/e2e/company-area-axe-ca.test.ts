/** The company area passes axe in Catalan (tests/e2e/suites/company-area-axe.ts; the other languages have their own files). */
import { areaRunsIn } from '../helpers/axe';
import { companyAreaAxe } from './suites/company-area-axe';

companyAreaAxe(areaRunsIn('ca'));
