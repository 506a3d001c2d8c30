export { PortfolioListPage as default } from './PortfolioPages';
