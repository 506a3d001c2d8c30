/** The member area passes axe in Spanish (tests/e2e/suites/member-area-axe.ts; the other languages have their own files). */
import { areaRunsIn } from '../helpers/axe';
import { memberAreaAxe } from './suites/member-area-axe';

memberAreaAxe(areaRunsIn('es'));
