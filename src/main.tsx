import { createRoot } from 'react-dom/client';
import './i18n';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app/app';
import { registerFeatureOutboxKinds } from './app/outbox-kinds';
import { startPwa } from './app/pwa/start-pwa';
import { startTheme } from './lib/theme';

startTheme();
registerFeatureOutboxKinds();

startPwa();
createRoot(document.getElementById('root')!).render(<App />);
