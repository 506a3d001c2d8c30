import DirectoryListPage from './DirectoryListPage';

export default function EntrepreneursPage() {
  return <DirectoryListPage kind="entrepreneurs" />;
}
