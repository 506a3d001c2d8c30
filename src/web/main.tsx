import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import 'nprogress/nprogress.css';
import './styles.css';
import { App } from './App';

createRoot(document.getElementById('root')!).render(<App />);
