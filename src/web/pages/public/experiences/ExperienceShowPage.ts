export { ExperienceShowPage as default } from './ExperiencePages';
