import DirectoryListPage from './DirectoryListPage';

export default function AmbassadorsPage() {
  return <DirectoryListPage kind="ambassadors" />;
}
