/** Every public route in English (tests/e2e/suites/public-pages.ts; the other languages have their own files). */
import { publicPages } from './suites/public-pages';

publicPages('en');
