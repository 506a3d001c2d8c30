export { PortfolioShowPage as default } from './PortfolioPages';
