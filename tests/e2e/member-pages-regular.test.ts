/** The member area's pages as a REGULAR member (tests/e2e/suites/member-pages.ts; the other roles have their own files). */
import { memberPages } from './suites/member-pages';

memberPages('REGULAR');
