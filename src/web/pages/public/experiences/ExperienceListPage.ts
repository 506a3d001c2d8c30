export { ExperienceListPage as default } from './ExperiencePages';
